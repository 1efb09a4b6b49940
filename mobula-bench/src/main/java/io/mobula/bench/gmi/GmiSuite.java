package io.mobula.bench.gmi;

import io.mobula.apps.mpj.Rendezvous;
import io.mobula.bench.Environment;
import io.mobula.bench.MachineFields;
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
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The GMI benchmark suite, {@code mobula bench gmi} (thesis 5.5.1): broadcast, scatter, reduce-to-all and
 * gather-to-all latency and broadcast and gather-to-all throughput, SPMD style with every process a member of one
 * group, for several process counts over shared memory and TCP. Systems: {@code mobula} (GMI), {@code rmi-loop} (the
 * same operations as plain Mobula RMI calls in a loop over the members), {@code openmpi} (src/main/c/gmi_mpi.c with
 * MPI collectives, the same payloads, checks and timing) and {@code mpj} (src/main/mpj/GmiMpj.java, the same with
 * MPJ Express's mpiJava collectives: Java MPI, as the thesis compared GMI with mpiJava). This process serves the pool
 * coordinator the Java ranks join (a fresh pool per launch) and the rendezvous of MPJ Express's niodev ranks, starts
 * each system's processes per transport and size, prints one table per case with ratios to Open MPI, the targets,
 * and writes JSON lines.
 */
public final class GmiSuite {
    private GmiSuite() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the suite (arguments as {@link GmiOptions#USAGE}).
     *
     * @return 0 when every case of every runnable system was measured, 1 when some failed, 2 on a usage error
     */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        GmiOptions opt;
        try {
            opt = GmiOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("gmi suite: " + e.getMessage());
            err.print(GmiOptions.USAGE);
            return 2;
        }
        if (opt.help()) {
            out.print(GmiOptions.USAGE);
            return 0;
        }
        Instant started = Instant.now();
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started);
        LaunchContext ctx = LaunchContext.current();
        Environment env = Environment.current();
        List<String> notes = new ArrayList<>();
        String loadBefore = Environment.loadAverage();

        List<String> systems = new ArrayList<>(opt.systems());
        OpenMpi mpi = new OpenMpi();
        if (systems.contains(OpenMpi.NAME)) {
            Optional<String> why = mpi.prepare(ctx);
            if (why.isPresent()) {
                systems.remove(OpenMpi.NAME);
                notes.add("openmpi skipped: " + why.get());
                err.println("gmi suite: openmpi baseline skipped: " + why.get());
            }
        }
        MpjBaseline mpj = new MpjBaseline();
        if (systems.contains(MpjBaseline.NAME)) {
            Optional<String> why = mpj.prepare(ctx);
            if (why.isPresent()) {
                systems.remove(MpjBaseline.NAME);
                notes.add("mpj skipped: " + why.get());
                err.println("gmi suite: mpj baseline skipped: " + why.get());
            }
        }
        int launches = systems.size() * opt.sizes().size() * opt.transports().size();
        Progress progress = new Progress(err, launches * opt.cases().size());
        Launch launch = new Launch(ctx, progress, Launch.IDLE_MILLIS);
        List<GmiResult> results = new ArrayList<>();
        PoolServer server = null;
        try {
            if (opt.jfr() != null) {
                Files.createDirectories(opt.jfr());
            }
            if (systems.contains(GmiRank.MOBULA) || systems.contains(GmiRank.RMI_LOOP)) {
                server = PoolServer.start(0, Duration.ofSeconds(10));
            }
            int seq = 0;
            for (String t : opt.transports()) {
                for (int n : opt.sizes()) {
                    List<CaseSpec> specs = opt.cases().stream().map(c -> opt.spec(c, n)).toList();
                    for (String s : systems) {
                        if (s.equals(MpjBaseline.NAME)) {
                            try (Rendezvous rv = mpj.open(t, n)) {
                                results.addAll(launch.run(s, t, n, specs, mpj.commands(ctx, t, n, rv, specs,
                                        opt.warmupMillis())));
                            }
                            continue;
                        }
                        List<List<String>> cmds = s.equals(OpenMpi.NAME)
                                ? List.of(mpi.command(t, n, env.cores(), specs))
                                : launch.jvmRanks(s, t, n, "gmibench-" + stamp + "-" + ProcessHandle.current().pid()
                                        + "-" + seq++, server.port(), specs, opt.jfr(), opt.warmupMillis());
                        results.addAll(launch.run(s, t, n, specs, cmds));
                    }
                }
            }
        } catch (IOException e) {
            err.println("gmi suite: cannot serve the pool coordinator or the MPJ Express rendezvous: " + e);
            return 1;
        } finally {
            if (server != null) {
                server.close();
            }
        }
        progress.finish();
        notes.addAll(Verdicts.loadNotes(loadBefore, env, opt.sizes()));
        long failed = results.stream().filter(r -> !r.ok()).count();
        if (failed > 0) {
            notes.add(failed + " case(s) failed; see ERROR rows and the JSON \"error\" fields");
        }
        Path json = opt.json() != null ? opt.json() : Path.of("bench-results", "gmi-" + stamp + ".jsonl");
        try {
            writeJson(json, results, opt.mode(), started.toString(), env.cores());
            notes.add("JSON lines: " + json.toAbsolutePath());
        } catch (IOException e) {
            notes.add("could not write " + json + ": " + e);
            failed++;
        }
        new GmiReport(results).print(out, opt, header(opt, ctx, env, started, systems.contains(OpenMpi.NAME)
                ? mpi.describe() : null, systems.contains(MpjBaseline.NAME) ? mpj.describe() : null), notes);
        out.flush();
        return failed == 0 ? 0 : 1;
    }

    static List<String> header(GmiOptions opt, LaunchContext ctx, Environment env, Instant started, String mpi,
            String mpj) {
        return List.of(
                "GMI benchmarks (thesis 5.5.1), mode " + opt.mode() + ", " + started,
                String.format(Locale.ROOT, "host: %d cpus, %s; %s %s; JDK %s; rank JVM flags: %s", env.cores(),
                        env.cpu(), System.getProperty("os.name"), System.getProperty("os.arch"), env.jdk(),
                        String.join(" ", ctx.jvmFlags())),
                "baseline: " + (mpi == null ? "openmpi not run" : mpi) + "; Java MPI: " + (mpj == null
                        ? "mpj not run" : mpj) + "; processes N = " + opt.sizes()
                        + ", transports " + opt.transports(),
                String.format(Locale.ROOT, "latency cases: %d warm-up + %d timed operations; throughput: %d + %d"
                        + " samples (broadcast: %d broadcasts each; gather: single operations, %d times as many);"
                        + " Java ranks (MPJ Express's too) warm up each case for at least %d ms (more operations when"
                        + " the count ends sooner)", opt.warmup(), opt.samples(), opt.tpWarmup(), opt.tpSamples(),
                        opt.batch(), opt.batch(), opt.warmupMillis()),
                "a sample is timed at rank 0 with nanoTime (C: clock_gettime): broadcast/scatter = send + the"
                        + " last member's ack (no pipelining); reduce/gather-to-all = one operation at rank 0;"
                        + " p50/p99 nearest rank",
                "MB/s = payload bytes of one operation (broadcast or reduced array; whole scattered or gathered"
                        + " array; 10^6 B/MB) / p50; x ompi = p50 / openmpi p50 at the same N and transport"
                        + " (lower is faster)");
    }

    static void writeJson(Path file, List<GmiResult> results, String mode, String timestamp, int cores)
            throws IOException {
        MachineFields machine = MachineFields.current();
        Verdicts.writeLines(file,
                results.stream().map(r -> machine.appendTo(r.toJson(mode, timestamp, cores))).toList());
    }
}
