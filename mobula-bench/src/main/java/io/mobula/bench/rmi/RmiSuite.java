package io.mobula.bench.rmi;

import io.mobula.bench.Environment;
import io.mobula.bench.MachineFields;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The multi-process RMI benchmark collection (KaRMI 6.1; thesis throughput benchmark,
 * section 2.5.3). For every system it starts a server JVM (or process) and a client as children, with identical
 * JVM flags; the client times each case with {@link System#nanoTime()} per call and reports back; this process
 * prints tables with ratios to the raw ping-pong baselines and to java.rmi, and writes JSON lines.
 */
public final class RmiSuite {
    private RmiSuite() { }

    public static void main(String[] args) {
        int rc = run(args);
        System.exit(rc);
    }

    /**
     * Runs the suite. Arguments: {@code [--quick|--full] [--json FILE] [--systems a,b,..] [--cases ...]}.
     *
     * @return 0 when every selected case of every runnable system produced a result, 1 when some failed, 2 on a
     *         usage error
     */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        SuiteOptions opt;
        try {
            opt = SuiteOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("rmi suite: " + e.getMessage());
            err.printf(SuiteOptions.USAGE, RmiSystems.names());
            return 2;
        }
        if (opt.help()) {
            out.printf(SuiteOptions.USAGE, RmiSystems.names());
            return 0;
        }
        if (opt.report() != null) {
            return report(opt.report(), out, err);
        }
        List<RmiSystem> systems;
        try {
            systems = RmiSystems.byNames(opt.systems());
        } catch (IllegalArgumentException e) {
            err.println("rmi suite: " + e.getMessage());
            return 2;
        }
        List<BenchCase> cases = CaseCatalog.filter(CaseCatalog.cases(opt.full()), opt.cases());
        if (cases.isEmpty()) {
            err.println("rmi suite: no case matches " + opt.cases());
            return 2;
        }
        Instant started = Instant.now();
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
        LaunchContext ctx = LaunchContext.current();
        List<String> notes = new ArrayList<>();
        String loadBefore = Environment.loadAverage();
        double load1AtStart = Environment.load1();
        int cpus = Runtime.getRuntime().availableProcessors();
        List<String> warnings = new ArrayList<>();
        Environment.loadWarning(load1AtStart, cpus).ifPresent(w -> {
            warnings.add(w);
            err.println("WARNING: " + w);
        });

        List<RmiSystem> runnable = new ArrayList<>();
        for (RmiSystem s : systems) {
            Optional<String> why = s.prepare(ctx);
            if (why.isPresent()) {
                notes.add(s.name() + " skipped: " + why.get());
            } else {
                runnable.add(s);
            }
        }
        int total = opt.passes()
                * runnable.stream().mapToInt(s -> (int) cases.stream().filter(s::supports).count()).sum();
        long estimate = WorkEstimate.millis(runnable, cases, opt.timing(), opt.passes());
        err.println(String.format(Locale.ROOT, "rmi suite, mode %s: %d case%s on %d system%s, %d pass%s; estimated"
                + " time %s on an idle 2-core machine", opt.mode(), cases.size(), cases.size() == 1 ? "" : "s",
                runnable.size(), runnable.size() == 1 ? "" : "s", opt.passes(), opt.passes() == 1 ? "" : "es",
                Progress.minutes(estimate)));
        Progress progress = new Progress(err, total, estimate, io.mobula.bench.Terminal.interactive());
        // Passes are the outer loop: each pass is a fresh server and client per system, and one system's passes
        // are spread over the whole run, so a burst of load from other processes rarely hits all of them.
        SystemRunner runner = new SystemRunner(ctx, opt.timing(), progress);
        Map<String, List<CaseResult>> passes = new LinkedHashMap<>();
        for (int pass = 1; pass <= opt.passes(); pass++) {
            for (RmiSystem s : runnable) {
                List<BenchCase> mine = cases.stream().filter(s::supports).toList();
                if (!mine.isEmpty()) {
                    for (CaseResult r : runner.runPass(s, mine, pass)) {
                        passes.computeIfAbsent(s.name() + " " + r.benchCase().id(), k -> new ArrayList<>()).add(r);
                    }
                }
            }
        }
        List<CaseResult> results = passes.values().stream().map(CaseResult::bestOf).toList();
        progress.finish();
        notes.add("load average (1/5/15 min) before: " + loadBefore + ", after: " + Environment.loadAverage()
                + " on " + cpus + " cpus; a busy shared machine inflates latencies and p99");
        if (warnings.isEmpty()) {
            Environment.loadWarning(Environment.load1(), cpus).ifPresent(w -> warnings.add("at the end of the run, "
                    + w));
        }

        List<String> systemNames = runnable.stream().map(RmiSystem::name).toList();
        long failed = results.stream().filter(r -> !r.ok()).count();
        if (failed > 0) {
            notes.add(failed + " case(s) failed; see ERROR rows and the JSON \"error\" fields");
        }
        Path json = opt.json() != null ? opt.json() : Path.of("bench-results", "rmi-" + stamp + ".jsonl");
        try {
            writeJson(json, results, opt.mode(), started.toString(), load1AtStart);
            notes.add("JSON lines: " + json.toAbsolutePath());
        } catch (IOException e) {
            notes.add("could not write " + json + ": " + e);
            failed++;
        }
        new ReportPrinter(out).print(cases, systemNames, new ResultTable(results), header(opt, ctx, started),
                warnings, notes);
        out.flush();
        return failed == 0 ? 0 : 1;
    }

    /** Prints the table and the targets of a results file again (with today's targets), running nothing. */
    static int report(Path file, PrintStream out, PrintStream err) {
        List<CaseResult> results = new ArrayList<>();
        Map<String, Object> first = null;
        try {
            int n = 0;
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    Map<String, Object> json = Json.parseFlat(line);
                    first = first == null ? json : first;
                    results.add(CaseResult.fromResultsLine(json));
                } catch (RuntimeException e) {
                    err.println("rmi suite: " + file + " line " + n + ": " + e.getMessage());
                    return 2;
                }
            }
        } catch (IOException e) {
            err.println("rmi suite: cannot read " + file + ": " + e);
            return 2;
        }
        if (results.isEmpty()) {
            err.println("rmi suite: no results in " + file);
            return 2;
        }
        List<String> systemNames = results.stream().map(CaseResult::system).distinct().toList();
        Set<String> present = results.stream().map(r -> r.benchCase().id())
                .collect(Collectors.toSet());
        List<BenchCase> cases = CaseCatalog.cases(true).stream().filter(c -> present.contains(c.id())).toList();
        List<String> header = List.of("RMI benchmark collection, results of " + file + " (mode " + first.get("mode")
                + ", " + first.get("timestamp") + "; host " + first.get("host") + ", " + first.get("cpus")
                + " cpus, load average " + first.get("load") + " when written)");
        new ReportPrinter(out).print(cases, systemNames, new ResultTable(results), header,
                Boolean.TRUE.equals(first.get("loaded")) ? List.of("the machine was loaded when these results were"
                        + " measured (\"loaded\":true): compare them with care") : List.of(), List.of());
        out.flush();
        return 0;
    }

    static List<String> header(SuiteOptions opt, LaunchContext ctx, Instant started) {
        Timing t = opt.timing();
        String sizes = Arrays.stream(opt.full() ? CaseCatalog.FULL_SIZES : CaseCatalog.QUICK_SIZES)
                .mapToObj(Integer::toString).collect(Collectors.joining(", "));
        return List.of(
                "RMI benchmark collection (KaRMI section 6.1 kernels + thesis throughput), mode " + opt.mode()
                        + ", " + started,
                String.format(Locale.ROOT, "host: %d cpus, %s %s; JDK %s; child JVM flags: %s",
                        Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                        System.getProperty("os.arch"), System.getProperty("java.vm.version"),
                        String.join(" ", ctx.jvmFlags())),
                "array sizes n = " + sizes + (opt.full() ? "" : " (quick subset of 50, 200, 500, 2000, 5000, 20000)")
                        + "; star: k = " + t.starClients() + " client processes calling concurrently, samples merged",
                String.format(Locale.ROOT, "%s; each pass starts a fresh server and client per system;"
                        + " each case is reported from its pass with the lowest p50 (JSON passes_p50_us lists all)",
                        opt.passes() == 1 ? "1 pass" : opt.passes() + " passes"),
                String.format(Locale.ROOT, "per client: %d ms warm-up cycling through all cases; per case: warm-up %d"
                        + " calls or %d ms, then up to %d timed calls, stopped after %d ms once %d samples exist",
                        t.globalWarmupMillis(), t.warmupCalls(), t.warmupMillis(), t.calls(),
                        t.maxMillis(), t.minCalls()),
                "latency: per-call System.nanoTime() in the client; p50/p99 nearest rank. MB/s = user payload bytes"
                        + " of the argument (10^6 B/MB) / p50; ratios = p50 / p50 of the baseline for the same case"
                        + " (lower is faster)",
                "raw-c/raw-java send the DataOutput field encoding of the argument (and echo it for obj results);"
                        + " raw-c runs null-call and byte[] cases only");
    }

    static void writeJson(Path file, List<CaseResult> results, String mode, String timestamp, double load1AtStart)
            throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        MachineFields machine = MachineFields.current().withLoadAtStart(load1AtStart);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (CaseResult r : results) {
                w.write(machine.appendTo(r.toJson(mode, timestamp)));
                w.write('\n');
            }
        }
    }
}
