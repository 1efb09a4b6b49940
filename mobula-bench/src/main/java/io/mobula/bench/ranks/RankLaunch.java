package io.mobula.bench.ranks;

import io.mobula.bench.rmi.ChildProcess;
import io.mobula.bench.rmi.Json;
import io.mobula.bench.rmi.LaunchContext;
import io.mobula.bench.rmi.Progress;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one system's rank processes at one process count over one transport: N rank JVMs in a fresh pool (coordinator:
 * the suite's pool server), or one command such as mpirun. Reads the reporting process's {@code RESULT {json}} lines
 * until {@code DONE}, each wait bounded, and fails fast when a rank dies; whatever happens, every process is destroyed.
 */
public final class RankLaunch {
    /** Longest silence of the reporting rank between two lines: JVM starts, pool join and the slowest case at N = 8. */
    public static final long IDLE_MILLIS = 180_000;
    /** How long the ranks may take to exit after the DONE line before they are destroyed. */
    static final long EXIT_MILLIS = 15_000;

    private final LaunchContext ctx;
    private final Progress progress;
    private final long idleMillis;

    public RankLaunch(LaunchContext ctx, Progress progress, long idleMillis) {
        this.ctx = ctx;
        this.progress = progress;
        this.idleMillis = idleMillis;
    }

    /** What one launch gave: the reporting rank's RESULT objects in order, and why it stopped early (or null). */
    public record Outcome(List<Map<String, Object>> results, String failure) {
    }

    /**
     * The command lines of N rank JVMs running {@code mainClass args}, each with the pool settings as system properties
     * ({@code mobula.pool.rank/size/name/server}), the transport as {@code mobula.transports}, {@code extraFlags}, and
     * with {@code jfr} non-null a JFR recording (settings=profile, every park) named after system, transport, N, rank.
     */
    public List<List<String>> jvmRanks(String mainClass, List<String> args, String system, String transport, int n,
            String poolName, int poolPort, Path jfr, List<String> extraFlags) {
        List<List<String>> cmds = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            List<String> flags = new ArrayList<>(ctx.jvmFlags());
            flags.addAll(List.of("-Dmobula.transports=" + transport, "-Dmobula.pool.rank=" + r,
                    "-Dmobula.pool.size=" + n, "-Dmobula.pool.name=" + poolName,
                    "-Dmobula.pool.server=127.0.0.1:" + poolPort, "-Dmobula.pool.timeoutMs=" + IDLE_MILLIS));
            flags.addAll(extraFlags);
            if (jfr != null) {
                flags.add("-XX:StartFlightRecording=settings=profile,jdk.ThreadPark#threshold=0ms,"
                        + "jdk.JavaMonitorWait#threshold=0ms,filename="
                        + jfr.resolve(system + "-" + transport + "-n" + n + "-rank" + r + ".jfr"));
            }
            LaunchContext mine = new LaunchContext(ctx.javaBinary(), flags, ctx.classPath(), ctx.workDir(),
                    ctx.moduleDir());
            cmds.add(mine.javaCommand(mainClass, args));
        }
        return cmds;
    }

    /**
     * Starts the processes, collects the RESULT objects printed by process {@code reporter} until its DONE line (each
     * advancing the progress bar, labelled with its {@code case}), and destroys them all.
     *
     * @param tag label of the progress bar and the failures, e.g. "mobula shm N=2"
     */
    public Outcome run(String tag, List<List<String>> commands, int reporter) {
        progress.note(tag + ": starting");
        List<Map<String, Object>> got = new ArrayList<>();
        String failure = null;
        List<ChildProcess> procs = new ArrayList<>();
        try {
            for (int i = 0; i < commands.size(); i++) {
                procs.add(ChildProcess.start(tag.replace(' ', '-') + "-" + i, commands.get(i)));
            }
            ChildProcess first = procs.get(reporter);
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
                            + otherStderr(procs, reporter);
                    break;
                }
                if (line.equals("DONE")) {
                    // the ranks leave the pool and exit by themselves (and write their JFR recordings)
                    for (ChildProcess p : procs) {
                        p.process().waitFor(EXIT_MILLIS, TimeUnit.MILLISECONDS);
                    }
                    break;
                }
                if (!line.startsWith("RESULT ")) {
                    continue;
                }
                Map<String, Object> r = Json.parseFlat(line.substring("RESULT ".length()));
                got.add(r);
                progress.advance(1, tag + " " + r.get("case"));
            }
        } catch (IOException | RuntimeException e) {
            failure = e.getMessage() == null ? e.toString() : e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        } finally {
            procs.forEach(ChildProcess::close);
        }
        return new Outcome(got, failure);
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

    private static String otherStderr(List<ChildProcess> procs, int reporter) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < procs.size(); i++) {
            String s = i == reporter ? "" : procs.get(i).stderrSuffix();
            if (!s.isEmpty()) {
                b.append("\n  [").append(procs.get(i).label()).append("]").append(s);
            }
        }
        return b.toString();
    }
}
