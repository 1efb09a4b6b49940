package io.mobula.bench.repmi;

import io.mobula.bench.Environment;
import io.mobula.bench.MachineFields;
import io.mobula.bench.ranks.RankLaunch;
import io.mobula.bench.ranks.TimedWarmUp;
import io.mobula.bench.ranks.Verdicts;
import io.mobula.bench.rmi.LaunchContext;
import io.mobula.bench.rmi.Progress;
import io.mobula.pool.PoolServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The RepMI benchmark suite, {@code mobula bench repmi} (thesis 4.4, Tables 4.1-4.4): the cost of a read on a local
 * replica, write latency, broadcast latency and gap, and the throughput of 100 KiB writes, for several process counts
 * over shared memory and TCP. Systems: {@code mobula-repmi} (a replicated {@link Counter}), {@code rmi-push} (the same
 * update as plain Mobula RMI calls from the writer to every other rank in turn), {@code rmi-tree} (RMI along a
 * binomial tree rooted at the writer) and {@code raw-broadcast} (one-way RMI calls to every rank, no order: the
 * floor). This process serves the pool coordinator the ranks join (a fresh pool per launch), starts each system's
 * processes per transport and size, prints one table per case, the targets, and writes JSON lines.
 */
public final class RepmiSuite {
    private RepmiSuite() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the suite (arguments as {@link RepmiOptions#USAGE}).
     *
     * @return 0 when every case of every system was measured, 1 when some failed, 2 on a usage error
     */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        RepmiOptions opt;
        try {
            opt = RepmiOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("repmi suite: " + e.getMessage());
            err.print(RepmiOptions.USAGE);
            return 2;
        }
        if (opt.help()) {
            out.print(RepmiOptions.USAGE);
            return 0;
        }
        Instant started = Instant.now();
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
        LaunchContext ctx = LaunchContext.current();
        Environment env = Environment.current();
        String loadBefore = Environment.loadAverage();
        int units = 0;
        for (String t : opt.transports()) {
            for (int n : opt.sizes()) {
                for (String s : opt.systems()) {
                    if (RepmiOptions.runs(s, n)) {
                        units += opt.specs(s, n).stream().mapToInt(x -> x.benchCase().reported(s).size()).sum();
                    }
                }
            }
        }
        Progress progress = new Progress(err, units);
        RankLaunch launch = new RankLaunch(ctx, progress, RankLaunch.IDLE_MILLIS);
        List<RepmiResult> results = new ArrayList<>();
        PoolServer server = null;
        try {
            if (opt.jfr() != null) {
                Files.createDirectories(opt.jfr());
            }
            server = PoolServer.start(0, Duration.ofSeconds(10));
            int seq = 0;
            for (String t : opt.transports()) {
                for (int n : opt.sizes()) {
                    for (String s : opt.systems()) {
                        List<RepmiSpec> specs = opt.specs(s, n);
                        if (!RepmiOptions.runs(s, n) || specs.isEmpty()) {
                            continue;
                        }
                        List<String> args2 = new ArrayList<>(List.of(s, t));
                        specs.forEach(x -> args2.add(x.encode()));
                        String pool = "repmibench-" + stamp + "-" + ProcessHandle.current().pid() + "-" + seq++;
                        List<List<String>> cmds = launch.jvmRanks(RepmiRank.class.getName(), args2, s, t, n, pool,
                                server.port(), opt.jfr(), List.of("-Dmobula.repmi.timeoutMs=60000",
                                TimedWarmUp.flag(opt.warmupMillis())));
                        results.addAll(collect(launch.run(s + " " + t + " N=" + n, cmds, n - 1), s, t, n, specs,
                                progress));
                    }
                }
            }
        } catch (IOException e) {
            err.println("repmi suite: cannot serve the pool coordinator: " + e);
            return 1;
        } finally {
            if (server != null) {
                server.close();
            }
        }
        progress.finish();
        List<String> notes = new ArrayList<>(Verdicts.loadNotes(loadBefore, env, opt.sizes()));
        long failed = results.stream().filter(r -> !r.ok()).count();
        if (failed > 0) {
            notes.add(failed + " case(s) failed; see ERROR rows and the JSON \"error\" fields");
        }
        Path json = opt.json() != null ? opt.json() : Path.of("bench-results", "repmi-" + stamp + ".jsonl");
        try {
            MachineFields machine = MachineFields.current();
            Verdicts.writeLines(json, results.stream()
                    .map(r -> machine.appendTo(r.toJson(opt.mode(), started.toString(), env.cores()))).toList());
            notes.add("JSON lines: " + json.toAbsolutePath());
        } catch (IOException e) {
            notes.add("could not write " + json + ": " + e);
            failed++;
        }
        new RepmiReport(results).print(out, opt, header(opt, ctx, env, started), notes);
        out.flush();
        return failed == 0 ? 0 : 1;
    }

    /** One result per case and reported system of a launch; one the writer never reported is an error. */
    static List<RepmiResult> collect(RankLaunch.Outcome o, String system, String transport, int n,
            List<RepmiSpec> specs, Progress progress) {
        Map<String, RepmiResult> got = new LinkedHashMap<>();
        String failure = o.failure();
        for (Map<String, Object> json : o.results()) {
            try {
                RepmiResult r = RepmiResult.fromRank(transport, n, json);
                if (got.put(r.benchCase().key() + " " + r.system(), r) != null) {
                    failure = failure != null ? failure : "second result for " + r.benchCase().key() + " "
                            + r.system();
                }
            } catch (IllegalArgumentException e) {
                failure = failure != null ? failure : e.getMessage();
            }
        }
        List<RepmiResult> out = new ArrayList<>();
        for (RepmiSpec s : specs) {
            for (String sys : s.benchCase().reported(system)) {
                RepmiResult r = got.get(s.benchCase().key() + " " + sys);
                if (r == null) {
                    r = RepmiResult.failed(s.benchCase(), sys, transport, n, failure != null ? failure
                            : "the writer finished without reporting this case");
                }
                out.add(r);
            }
        }
        int expected = specs.stream().mapToInt(s -> s.benchCase().reported(system).size()).sum();
        if (o.results().size() < expected) {
            progress.advance(expected - o.results().size(), system + " " + transport + " N=" + n + " (failed)");
        }
        return out;
    }

    static List<String> header(RepmiOptions opt, LaunchContext ctx, Environment env, Instant started) {
        return List.of(
                "RepMI benchmarks (thesis 4.4, Tables 4.1-4.4), mode " + opt.mode() + ", " + started,
                String.format(Locale.ROOT, "host: %d cpus, %s; %s %s; JDK %s; rank JVM flags: %s", env.cores(),
                        env.cpu(), System.getProperty("os.name"), System.getProperty("os.arch"), env.jdk(),
                        String.join(" ", ctx.jvmFlags())),
                "systems " + opt.systems() + " (baselines from N = 2), processes N = " + opt.sizes() + " (* = more"
                        + " processes than cpus), transports " + opt.transports(),
                "the writer is the highest rank; RepMI's sequencer is rank 0, so from N = 2 a write goes writer ->"
                        + " sequencer -> every replica (the writer's own included)",
                String.format(Locale.ROOT, "latency cases: %d warm-up + %d timed writes; gap: %d + %d samples of %d"
                        + " writes; throughput: %d + %d samples of %d writes of %s; read: %d + %d samples of %d calls;"
                        + " the writer warms up each case for at least %d ms (more samples when the count ends sooner)",
                        opt.warmup(), opt.samples(), opt.gapWarmup(), opt.gapSamples(), opt.gapBatch(), opt.tpWarmup(),
                        opt.tpSamples(), opt.tpBatch(), Verdicts.bytes(opt.arrayBytes()), opt.readWarmup(),
                        opt.readSamples(), opt.readCalls(), opt.warmupMillis()),
                "a sample is timed at the writer with nanoTime; acks are one-way RMI calls to the writer; p50/p99"
                        + " nearest rank; MB/s = argument bytes of one write (10^6 B/MB) / p50; x base = p50 /"
                        + " the baseline's p50 at the same N and transport");
    }
}
