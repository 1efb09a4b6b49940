package io.mobula.bench.load;

import io.mobula.bench.Environment;
import io.mobula.bench.MachineFields;
import io.mobula.bench.ranks.CliArgs;
import io.mobula.bench.ranks.Verdicts;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.LaunchContext;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code ./mobula bench soak [--calls N] [--jvms J] [--threads T] [--transport default|tcp] [--period-ms P]
 * [--warmup W] [--pin-tickets] [--json FILE]}: N calls (default 10^7) from J client JVMs of T threads (default 2 x 4) on one server
 * object, cycling through null calls, small arguments, arrays of 0 to 4096 ints, trees of 1 to 255 nodes, callbacks,
 * exceptions thrown by the server and remote references it returns ({@link ClientCalls#MIX}); every result is
 * verified. Every process samples its live heap (after a full collection), resident memory, threads and descriptors
 * every P ms (default 5000). The server returns each ticket unexported, so it is exported on the way and collected
 * once its client dropped it; {@code --pin-tickets} exports each with {@code Rmi.export} instead, which pins it until
 * it is unexported (the server then keeps every ticket: docs/JAVA_RMI.md).
 *
 * <p>PASS when: no call failed or answered wrong; every client completed its share; the server ran exactly the calls
 * the clients completed, per kernel, made exactly the callbacks they received, and saw every client thread's
 * {@code add} sequence in order (nothing lost, nothing run twice); and in every process the series stayed flat
 * ({@link Flatness}): heap and RSS medians of the last quarter at most 10 % above the second quarter's (plus 4 MiB
 * heap, 16 MiB RSS), threads and descriptors medians equal. Exit code 0 on PASS, 1 on FAIL, 2 on a bad command line.
 */
public final class SoakSuite {
    /** Allowed growth of the heap and RSS medians from the second quarter to the last. */
    static final double GROWTH = 0.10;
    static final long HEAP_SLACK_KIB = 4096;
    static final long RSS_SLACK_KIB = 16384;

    private SoakSuite() {
    }

    private record Options(long calls, int jvms, int threads, String transport, long periodMs, int warmup,
            boolean pinTickets, Path json) {
        static Options parse(String[] args) {
            long calls = 10_000_000;
            int jvms = 2;
            int threads = 4;
            String transport = "default";
            long periodMs = 5000;
            int warmup = 2000;
            boolean pinTickets = false;
            Path json = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--calls" -> {
                        String v = CliArgs.value(args, ++i, a);
                        try {
                            calls = Long.parseLong(v);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--calls needs a number, got '" + v + "'");
                        }
                    }
                    case "--jvms" -> jvms = CliArgs.number(CliArgs.value(args, ++i, a), a, 1);
                    case "--threads" -> threads = CliArgs.number(CliArgs.value(args, ++i, a), a, 1);
                    case "--transport" -> transport = CliArgs.subset(List.of(CliArgs.value(args, ++i, a)),
                            List.of("default", "tcp"), a).getFirst();
                    case "--period-ms" -> periodMs = CliArgs.number(CliArgs.value(args, ++i, a), a, 10);
                    case "--warmup" -> warmup = CliArgs.number(CliArgs.value(args, ++i, a), a, 0);
                    case "--pin-tickets" -> pinTickets = true;
                    case "--json" -> json = Path.of(CliArgs.value(args, ++i, a));
                    case "--quick", "--full" -> { }
                    default -> throw new IllegalArgumentException("unknown option " + a + "; usage: bench soak"
                            + " [--calls N] [--jvms J] [--threads T] [--transport default|tcp] [--period-ms P]"
                            + " [--warmup W] [--pin-tickets] [--json FILE]");
                }
            }
            if (calls < (long) jvms * threads) {
                throw new IllegalArgumentException("--calls must be at least one per client thread");
            }
            if (threads > 999) {
                throw new IllegalArgumentException("--threads must be <= 999");
            }
            return new Options(calls, jvms, threads, transport, periodMs, warmup, pinTickets, json);
        }
    }

    /** Entry point of {@code bench soak}; returns the exit code. */
    public static int run(String[] args) {
        return run(args, System.out);
    }

    /** As {@link #run(String[])}, the report going to {@code out}. */
    static int run(String[] args, PrintStream out) {
        Options opt;
        try {
            opt = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("mobula bench soak: " + e.getMessage());
            return 2;
        }
        return run(opt, out);
    }

    private static int run(Options opt, PrintStream out) {
        String loadBefore = Environment.loadAverage();
        LoadHarness.Plan plan = new LoadHarness.Plan(opt.transport(), opt.jvms(), opt.threads(), false, opt.calls(),
                opt.warmup(), opt.periodMs(), true, opt.pinTickets());
        out.printf("Soak: %,d calls from %d client JVMs x %d threads on one server object over %s (%s), samples every"
                + " %d ms; %s%n", opt.calls(), opt.jvms(), opt.threads(), plan.expectedTransport(), opt.transport(),
                opt.periodMs(), Instant.now());
        List<String> lines = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Json.Obj summary = new Json.Obj().put("suite", "soak").put("transport", opt.transport())
                .put("requested_calls", opt.calls()).put("jvms", opt.jvms()).put("threads", opt.threads())
                .put("period_ms", opt.periodMs()).put("pin_tickets", opt.pinTickets());
        try {
            LoadHarness.Outcome o = new LoadHarness(LaunchContext.current()).run(plan);
            RunSummary s = new RunSummary(o);
            if (s.errors != 0) {
                problems.add(s.errors + " calls failed: " + String.join(" | ", s.firstErrors));
            }
            if (s.latencies.count() + s.errors != opt.calls()) {
                problems.add("the clients made " + (s.latencies.count() + s.errors) + " calls, not " + opt.calls());
            }
            problems.addAll(s.mismatches());
            for (String t : s.transports) {
                if (!t.equals(plan.expectedTransport())) {
                    problems.add("a client's calls travelled over " + t + ", not " + plan.expectedTransport());
                }
            }
            out.printf("calls %,d timed (+ warm-up: server ran %,d in all, clients completed %,d), errors %d,"
                    + " %.0f calls/s over %.1f s%n", s.latencies.count(), s.serverTotal(), s.clientTotal(), s.errors,
                    s.latencies.count() / o.wallSeconds(), o.wallSeconds());
            out.printf("latency p50 %.1f us, p99 %.1f us, p99.9 %.1f us, max %.1f us%n", s.micros(0.5),
                    s.micros(0.99), s.micros(0.999), s.latencies.max() / 1000.0);
            StringBuilder perOp = new StringBuilder("server ran:");
            for (Op op : Op.values()) {
                perOp.append(' ').append(op.id()).append(' ').append(s.serverCounts[op.ordinal()]);
            }
            out.println(perOp + "; callbacks received " + s.callbacksReceived + ", add out of order " + s.outOfOrder);
            summary.put("calls", s.latencies.count()).put("errors", s.errors).put("server_calls", s.serverTotal())
                    .put("client_calls", s.clientTotal()).put("calls_per_s", s.latencies.count() / o.wallSeconds())
                    .put("seconds", o.wallSeconds()).put("p50_us", s.micros(0.5)).put("p99_us", s.micros(0.99))
                    .put("p999_us", s.micros(0.999)).put("max_us", s.latencies.max() / 1000.0)
                    .put("callbacks", s.callbacksReceived).put("out_of_order", s.outOfOrder);
            out.printf("%-9s %7s %22s %22s %14s %12s%n", "process", "samples", "live heap MiB first/last",
                    "RSS MiB first/last", "threads f/l", "fds f/l");
            for (Map.Entry<String, List<long[]>> e : o.samples().entrySet()) {
                List<long[]> ss = e.getValue();
                if (ss.isEmpty()) {
                    problems.add(e.getKey() + ": no samples");
                    continue;
                }
                long[] first = ss.getFirst();
                long[] last = ss.getLast();
                out.printf("%-9s %7d %10.1f / %-10.1f %10.1f / %-10.1f %6d / %-6d %5d / %-5d%n", e.getKey(), ss.size(),
                        first[0] / 1024.0, last[0] / 1024.0, first[1] / 1024.0, last[1] / 1024.0, first[2], last[2],
                        first[3], last[3]);
                List<Flatness> checks = flatness(e.getKey(), ss);
                Json.Obj p = new Json.Obj().put("suite", "soak").put("transport", opt.transport())
                        .put("process", e.getKey()).put("samples", ss.size())
                        .put("heap_kib_first", first[0]).put("heap_kib_last", last[0])
                        .put("rss_kib_first", first[1]).put("rss_kib_last", last[1])
                        .put("threads_first", first[2]).put("threads_last", last[2])
                        .put("fds_first", first[3]).put("fds_last", last[3]);
                for (Flatness f : checks) {
                    String key = f.series().substring(e.getKey().length() + 1).replace(' ', '_');
                    p.put(key + "_q2", f.secondMedian()).put(key + "_q4", f.lastMedian()).put(key + "_flat", f.flat());
                    if (!f.flat()) {
                        problems.add("not flat: " + f);
                    }
                }
                lines.add(MachineFields.current().appendTo(p.toString()));
                checks.forEach(f -> out.println("  " + f));
            }
        } catch (Exception e) {
            problems.add("run failed: " + e);
        }
        String load = "load average (1/5/15 min) before: " + loadBefore + ", after: " + Environment.loadAverage();
        out.println(load);
        problems.forEach(p -> out.println("  problem: " + p));
        boolean pass = problems.isEmpty();
        summary.put("pass", pass);
        if (!pass) {
            summary.put("failure", String.join("; ", problems));
        }
        lines.addFirst(MachineFields.current().appendTo(summary.toString()));
        Path json = opt.json() != null ? opt.json() : StarSuite.defaultJson("soak");
        try {
            Verdicts.writeLines(json, lines);
            out.println("JSON lines: " + json.toAbsolutePath());
        } catch (Exception e) {
            out.println("could not write " + json + ": " + e);
            pass = false;
        }
        out.println("VERDICT " + (pass ? "PASS" : "FAIL") + " soak: " + opt.calls() + " calls, "
                + problems.size() + " problems");
        return pass ? 0 : 1;
    }

    /** The four flatness checks of one process's samples {heap KiB, RSS KiB, threads, fds}. */
    static List<Flatness> flatness(String process, List<long[]> samples) {
        return List.of(
                Flatness.growthWithin(process + " heap KiB", column(samples, 0), GROWTH, HEAP_SLACK_KIB),
                Flatness.growthWithin(process + " RSS KiB", column(samples, 1), GROWTH, RSS_SLACK_KIB),
                Flatness.noGrowth(process + " threads", column(samples, 2)),
                Flatness.noGrowth(process + " fds", column(samples, 3)));
    }

    private static long[] column(List<long[]> samples, int i) {
        return samples.stream().mapToLong(s -> s[i]).toArray();
    }
}
