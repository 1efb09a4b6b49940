package io.mobula.bench.gmi;

import io.mobula.bench.rmi.ChildProcess;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.LaunchContext;
import io.mobula.bench.rmi.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs every case of one system at one process count over one transport: N rank JVMs in a fresh pool (coordinator:
 * the suite's pool server), or one mpirun. Reads rank 0's RESULT lines, each wait bounded, and fails fast when a rank
 * dies; whatever happens, every process is destroyed. A case rank 0 never reported comes back as an error.
 */
final class Launch {
    /** Longest silence of rank 0 between two lines: JVM starts, pool join and the slowest case at N = 8. */
    static final long IDLE_MILLIS = 180_000;
    /** How long the ranks may take to exit after rank 0's DONE before they are destroyed. */
    static final long EXIT_MILLIS = 15_000;

    private final LaunchContext ctx;
    private final Progress progress;
    private final long idleMillis;

    Launch(LaunchContext ctx, Progress progress, long idleMillis) {
        this.ctx = ctx;
        this.progress = progress;
        this.idleMillis = idleMillis;
    }

    /** The command lines of the N rank JVMs of {@code system} (mobula or rmi-loop). */
    List<List<String>> jvmRanks(String system, String transport, int n, String poolName, int poolPort,
            List<CaseSpec> specs, java.nio.file.Path jfr) {
        List<List<String>> cmds = new ArrayList<>();
        List<String> args = new ArrayList<>(List.of(system, transport));
        specs.forEach(s -> args.add(s.encode()));
        for (int r = 0; r < n; r++) {
            List<String> flags = new ArrayList<>(ctx.jvmFlags());
            flags.addAll(List.of("-Dmobula.transports=" + transport, "-Dmobula.pool.rank=" + r,
                    "-Dmobula.pool.size=" + n, "-Dmobula.pool.name=" + poolName,
                    "-Dmobula.pool.server=127.0.0.1:" + poolPort, "-Dmobula.pool.timeoutMs=" + IDLE_MILLIS,
                    "-Dmobula.gmi.timeoutMs=60000"));
            if (jfr != null) {
                flags.add("-XX:StartFlightRecording=settings=profile,jdk.ThreadPark#threshold=0ms,filename=" + jfr.resolve(system + "-" + transport
                        + "-n" + n + "-rank" + r + ".jfr"));
            }
            LaunchContext mine = new LaunchContext(ctx.javaBinary(), flags, ctx.classPath(), ctx.workDir(),
                    ctx.moduleDir());
            cmds.add(mine.javaCommand(GmiRank.class.getName(), args));
        }
        return cmds;
    }

    /**
     * Starts the processes (the first prints the results), collects one result per spec and destroys them all.
     */
    List<GmiResult> run(String system, String transport, int n, List<CaseSpec> specs, List<List<String>> commands) {
        String tag = system + " " + transport + " N=" + n;
        progress.note(tag + ": starting");
        Map<GmiCase, GmiResult> got = new LinkedHashMap<>();
        String failure = null;
        List<ChildProcess> procs = new ArrayList<>();
        try {
            for (int i = 0; i < commands.size(); i++) {
                procs.add(ChildProcess.start(system + "-" + i, commands.get(i)));
            }
            ChildProcess first = procs.get(0);
            long idleSince = System.nanoTime();
            while (true) { // until DONE, so the ranks end by themselves
                String line;
                try {
                    line = first.nextLine(1000);
                } catch (TimeoutException e) {
                    String dead = deadRank(procs);
                    if (dead != null) {
                        failure = dead;
                        break;
                    }
                    if ((System.nanoTime() - idleSince) / 1_000_000 > idleMillis) {
                        failure = "no result within " + idleMillis + " ms" + first.stderrSuffix();
                        break;
                    }
                    continue;
                }
                idleSince = System.nanoTime();
                if (line == null) {
                    failure = first.label() + " exited early" + first.exitSuffix() + first.stderrSuffix()
                            + otherStderr(procs);
                    break;
                }
                if (line.equals("DONE")) {
                    // the ranks leave the pool and exit by themselves (and write their JFR recordings)
                    for (ChildProcess p : procs) {
                        p.process().waitFor(EXIT_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
                    }
                    break;
                }
                if (!line.startsWith("RESULT ")) {
                    continue;
                }
                GmiResult r = GmiResult.fromRank(system, transport, n,
                        Json.parseFlat(line.substring("RESULT ".length())));
                if (got.put(r.benchCase(), r) != null) {
                    throw new IOException("second result for " + r.benchCase().id());
                }
                progress.advance(1, tag + " " + r.benchCase().id());
            }
            if (failure == null && got.size() < specs.size()) {
                failure = "rank 0 finished without reporting this case" + otherStderr(procs);
            }
        } catch (IOException | RuntimeException e) {
            failure = e.getMessage() == null ? e.toString() : e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        } finally {
            procs.forEach(ChildProcess::close);
        }
        List<GmiResult> out = new ArrayList<>();
        for (CaseSpec s : specs) {
            GmiResult r = got.get(s.benchCase());
            if (r == null) {
                r = GmiResult.failed(s.benchCase(), system, transport, n, failure);
                progress.advance(1, tag + " " + s.benchCase().id() + " (failed)");
            }
            out.add(r);
        }
        return out;
    }

    /** A rank process that exited with an error, described with its stderr, or null. */
    private static String deadRank(List<ChildProcess> procs) {
        for (ChildProcess p : procs) {
            if (!p.process().isAlive() && p.process().exitValue() != 0) {
                return p.label() + " exited with " + p.process().exitValue() + p.stderrSuffix();
            }
        }
        return null;
    }

    private static String otherStderr(List<ChildProcess> procs) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < procs.size(); i++) {
            String s = procs.get(i).stderrSuffix();
            if (!s.isEmpty()) {
                b.append("\n  [").append(procs.get(i).label()).append("]").append(s);
            }
        }
        return b.toString();
    }
}
