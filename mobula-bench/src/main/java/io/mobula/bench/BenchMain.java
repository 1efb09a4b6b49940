package io.mobula.bench;

import io.mobula.bench.gmi.GmiSuite;
import io.mobula.bench.repmi.RepmiSuite;
import io.mobula.bench.rmi.RmiSuite;
import io.mobula.bench.serial.SerialSuite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Entry point of {@code mobula bench <suite> [--quick|--full] [--json FILE]}: runs one suite, prints a table
 * and JSON lines on stdout, progress on stderr, and writes the JSON lines to FILE (default
 * {@code bench-results/<suite>-<timestamp>.jsonl}) with the suite's verbose log next to it.
 * Exit codes: 0 all cells measured, 1 some cell failed or the run broke, 2 bad command line.
 */
public final class BenchMain {

    /** JMH-style suites (a grid of throughputs) by name. */
    static final Map<String, Supplier<Suite>> SUITES = new TreeMap<>(Map.of("serial", SerialSuite::new));

    /** Suites with a harness and report of their own (multi-process), by name: they take the remaining args. */
    static final Map<String, Function<String[], Integer>> HARNESSES = new TreeMap<>(Map.of("rmi", RmiSuite::run,
            "gmi", GmiSuite::run, "repmi", RepmiSuite::run, "hostile", io.mobula.bench.hostile.HostileSuite::run,
            "load", io.mobula.bench.load.StarSuite::run, "soak", io.mobula.bench.load.SoakSuite::run,
            "scale", io.mobula.bench.scale.ScaleSuite::run, "parks", io.mobula.bench.ranks.ParkCounts::run,
            "startup", io.mobula.bench.startup.StartupSuite::run));

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            out.println(usage());
            return 0;
        }
        if (args.length > 0 && HARNESSES.containsKey(args[0])) {
            return HARNESSES.get(args[0]).apply(Arrays.copyOfRange(args, 1, args.length));
        }
        BenchArgs parsed;
        try {
            parsed = BenchArgs.parse(args);
        } catch (BenchArgs.UsageException e) {
            err.println("mobula bench: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        Supplier<Suite> factory = SUITES.get(parsed.suite());
        if (factory == null) {
            err.println("mobula bench: unknown suite '" + parsed.suite() + "'");
            err.println(usage());
            return 2;
        }
        Suite suite = factory.get();
        Path json = parsed.json() != null ? parsed.json() : Path.of("bench-results",
                suite.name() + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                        + ".jsonl");
        Path log = logFor(json);
        try {
            ensureParent(json);
            Environment env = Environment.current();
            RunMode mode = parsed.mode();
            Progress progress = new Progress(err, suite.cases().size() * suite.systems().size(), 1000L
                    * mode.forks() * (mode.warmupIterations() + mode.measurementIterations()) * mode.iterationSeconds());
            progress.note("mobula bench " + suite.name() + " (" + parsed.mode().id() + ": " + parsed.mode().describe()
                    + "), log: " + log);
            List<Result> results = suite.run(parsed.mode(), progress, log);
            Report report = new Report(suite, parsed.mode(), env, results);
            List<String> lines = report.jsonLines().stream().map(MachineFields.current()::appendTo).toList();
            Files.write(json, lines);
            out.println();
            out.print(report.table());
            out.println();
            lines.forEach(out::println);
            err.println("results: " + json);
            List<String> missing = report.missing();
            if (!missing.isEmpty()) {
                err.println("mobula bench: no result for " + String.join(", ", missing) + " (see " + log + ")");
                return 1;
            }
            return 0;
        } catch (Exception e) {
            err.println("mobula bench: " + suite.name() + " failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    static String usage() {
        return BenchArgs.USAGE + "\n  suites: " + String.join(", ", SUITES.keySet()) + ", "
                + String.join(", ", HARNESSES.keySet()) + " (rmi, gmi, repmi: see 'mobula bench rmi --help',"
                + " 'mobula bench gmi --help', 'mobula bench repmi --help')"
                + "\n  --quick  1 fork, 3x1 s warmup, 5x1 s measurement per cell (default)"
                + "\n  --full   2 forks, 5x1 s warmup, 10x1 s measurement per cell"
                + "\n  --json FILE  where to write JSON lines (default bench-results/<suite>-<timestamp>.jsonl)";
    }

    private static Path logFor(Path json) {
        String name = json.getFileName().toString();
        String base = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return json.resolveSibling(base + ".log");
    }

    private static void ensureParent(Path p) throws IOException {
        Path dir = p.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
    }
}
