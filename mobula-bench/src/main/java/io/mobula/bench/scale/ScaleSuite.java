package io.mobula.bench.scale;

import io.mobula.bench.MachineFields;
import io.mobula.bench.ranks.CliArgs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code mobula bench scale [--sizes 2,4,...] [--operations op,...] [--heap 6g] [--timeout-ms MS]
 * [--cost-model FILE] [--json FILE]}: the simulation of
 * {@link Simulation} at each size, each in a JVM of its own (a node's classes and runtimes cannot be unloaded, and a
 * size that does not fit the heap should not end the others). Writes JSON lines ({@link ScaleRow#json}) and a table;
 * a size that fails is reported with its reason and ends the run (larger ones would fail too). Counts messages, not
 * time: the figures do not depend on the machine's load. With a cost model (by default
 * {@value #DEFAULT_COST_MODEL} when it is there), every row also carries the latency the model predicts for the
 * operation on each of its transports ({@link CostModel}, {@link Traffic}).
 */
public final class ScaleSuite {
    static final List<Integer> DEFAULT_SIZES = List.of(2, 4, 8, 16, 32, 64, 128, 256, 512, 1024);
    /** The committed LogGP parameters, fitted on an RMI run (docs/PERFORMANCE.md). */
    static final String DEFAULT_COST_MODEL = "docs/results/cost-model-20261128.jsonl";
    static final String USAGE = "usage: mobula bench scale [--sizes 2,4,8,...] [--operations op,...] [--heap SIZE]"
            + " [--timeout-ms MS] [--cost-model FILE|none] [--json FILE]\n  counts the messages of pool formation,"
            + " GMI collectives and RepMI writes with N members in one JVM\n  (default sizes " + DEFAULT_SIZES
            + ", every operation of " + Simulation.OPERATIONS + "\n  after pool-form and group-form, heap 6g per"
            + " size, timeout 300000 ms per size)\n  and predicts their latencies with the LogGP parameters of"
            + " --cost-model (default " + DEFAULT_COST_MODEL + " if present)";

    private ScaleSuite() {
    }

    /** The harness entry ({@code BenchMain}); returns the exit code. */
    public static int run(String[] args) {
        List<Integer> sizes = DEFAULT_SIZES;
        List<String> operations = Simulation.OPERATIONS;
        String heap = "6g";
        long timeoutMs = 300_000;
        Path json = null;
        String costModel = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--help", "-h" -> {
                        System.out.println(USAGE);
                        return 0;
                    }
                    case "--quick", "--full" -> {
                        // counts do not depend on repetitions: both modes run the same simulation
                    }
                    case "--sizes" -> sizes = CliArgs.split(CliArgs.value(args, ++i, a)).stream()
                            .map(s -> CliArgs.number(s, "--sizes", 2)).toList();
                    case "--operations" -> {
                        operations = CliArgs.split(CliArgs.value(args, ++i, a));
                        for (String op : operations) {
                            if (!Simulation.OPERATIONS.contains(op)) {
                                throw new IllegalArgumentException("--operations: one or more of "
                                        + Simulation.OPERATIONS + ", not " + op);
                            }
                        }
                    }
                    case "--heap" -> {
                        heap = CliArgs.value(args, ++i, a);
                        if (!heap.matches("[0-9]+[kmgKMG]?")) {
                            throw new IllegalArgumentException("--heap: a JVM heap size such as 6g, not " + heap);
                        }
                    }
                    case "--timeout-ms" -> timeoutMs = CliArgs.number(CliArgs.value(args, ++i, a), a, 1000);
                    case "--json" -> json = Path.of(CliArgs.value(args, ++i, a));
                    case "--cost-model" -> costModel = CliArgs.value(args, ++i, a);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("mobula bench scale: " + e.getMessage());
            System.err.println(USAGE);
            return 2;
        }
        Path model;
        try {
            model = costModel(costModel);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("mobula bench scale: --cost-model: " + e.getMessage());
            return 2;
        }
        if (json == null) {
            json = Path.of("bench-results", "scale-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".jsonl");
        }
        try {
            return runSizes(sizes, operations, heap, timeoutMs, model, json);
        } catch (IOException | InterruptedException e) {
            System.err.println("mobula bench scale failed: " + e);
            return 1;
        }
    }

    /**
     * The cost-model file to predict with: {@code option} ("none": no prediction), or by default
     * {@link #DEFAULT_COST_MODEL} if it is there; null for none. The file is read once here, so a bad one fails now.
     */
    static Path costModel(String option) throws IOException {
        if ("none".equals(option)) {
            return null;
        }
        Path p = Path.of(option == null ? DEFAULT_COST_MODEL : option);
        if (option == null && !Files.isRegularFile(p)) {
            return null;
        }
        CostModel.read(p, p.getFileName().toString());
        return p;
    }

    private static int runSizes(List<Integer> sizes, List<String> operations, String heap, long timeoutMs,
            Path model, Path json) throws IOException, InterruptedException {
        Path dir = json.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        MachineFields machine = MachineFields.current();
        String timestamp = java.time.Instant.now().toString();
        List<String> lines = new ArrayList<>();
        List<String> table = new ArrayList<>();
        int rc = 0;
        for (int n : sizes) {
            System.err.println("scale: N = " + n + " ...");
            long t0 = System.nanoTime();
            Outcome o = child(n, operations, model, heap, timeoutMs, true);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            for (String l : o.rows) {
                lines.add(machine.appendTo(stamped(l, timestamp)));
                table.add(l);
            }
            if (o.failure != null) {
                String why = String.format(Locale.ROOT, "{\"suite\":\"scale\",\"n\":%d,\"operation\":\"stopped\","
                        + "\"error\":\"%s\",\"heap\":\"%s\"}", n, o.failure.replace("\\", "\\\\")
                        .replace("\"", "'"), heap);
                lines.add(machine.appendTo(stamped(why, timestamp)));
                System.err.println("scale: N = " + n + " stopped after " + ms + " ms: " + o.failure);
                rc = 1;
                break;
            }
            System.err.println("scale: N = " + n + " done in " + ms + " ms");
        }
        Files.write(json, lines);
        table.forEach(System.out::println);
        System.err.println("results: " + json);
        return rc;
    }

    /** The JSON object {@code line} with the run's start time added. */
    private static String stamped(String line, String timestamp) {
        return line.substring(0, line.length() - 1) + ",\"timestamp\":\"" + timestamp + "\"}";
    }

    /** A child's JSON lines and, if it failed, why. */
    record Outcome(List<String> rows, String failure) {
    }

    /**
     * Runs {@link ScaleMain} for one size in a JVM of its own; its stdout is the rows (shown on stderr as they come
     * with {@code echo}), its last stderr line why it failed. Everything else the child writes on stderr (its members'
     * warnings) is passed on to this process's stderr as it comes, prefixed with the size: a simulation that works
     * writes nothing there.
     */
    static Outcome child(int n, String heap, long timeoutMs, boolean echo) throws IOException, InterruptedException {
        return child(n, Simulation.OPERATIONS, null, heap, timeoutMs, echo);
    }

    /**
     * As {@link #child(int, String, long, boolean)}, measuring only {@code operations}, and predicting their latencies
     * with the cost model in {@code model} (null: none), named by its file name in the rows.
     */
    static Outcome child(int n, List<String> operations, Path model, String heap, long timeoutMs, boolean echo)
            throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // every node loads its own copy of the layers' classes: room for their metadata beyond the 1 GiB default
        // GMI's waits (replies, roll calls; mobula.gmi.timeoutMs, 120 s by default) and RepMI's (a write's or a join's
        // application; mobula.repmi.timeoutMs, 120 s by default) get as long as the simulation's own
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx" + heap, "-Xss512k", "-XX:+UseSerialGC",
                "-Dmobula.gmi.timeoutMs=" + timeoutMs, "-Dmobula.repmi.timeoutMs=" + timeoutMs,
                "-XX:CompressedClassSpaceSize=3g", "-XX:ReservedCodeCacheSize=512m",
                "-cp", System.getProperty("java.class.path"), ScaleMain.class.getName(), Integer.toString(n),
                Long.toString(timeoutMs), String.join(",", operations)));
        if (model != null) {
            cmd.add(model.toAbsolutePath().toString());
            cmd.add("results/" + model.getFileName());
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE).start();
        List<String> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Thread err = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    synchronized (errors) {
                        errors.add(l);
                    }
                    System.err.println("scale N=" + n + ": " + l);
                }
            } catch (IOException e) {
                // the child is gone
            }
        });
        Thread out = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    if (l.startsWith("{")) {
                        synchronized (rows) {
                            rows.add(l);
                        }
                        if (echo) {
                            System.err.println("scale: " + l);
                        }
                    }
                }
            } catch (IOException e) {
                // the child is gone
            }
        });
        // the child bounds each of its waits by timeoutMs; starting its nodes and the waits together, by this
        long limit = 4 * timeoutMs;
        if (!p.waitFor(limit, TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            out.join(5_000);
            synchronized (rows) {
                return new Outcome(List.copyOf(rows), "no end within " + limit + " ms");
            }
        }
        out.join(5_000);
        err.join(5_000);
        if (p.exitValue() != 0) {
            String last;
            synchronized (errors) {
                last = errors.stream().filter(l -> l.startsWith("scale-error: ")).reduce((a, b) -> b)
                        .map(l -> l.substring("scale-error: ".length()))
                        .orElse(errors.isEmpty() ? "exit " + p.exitValue() : errors.get(errors.size() - 1));
            }
            return new Outcome(rows, last);
        }
        return new Outcome(rows, null);
    }
}
