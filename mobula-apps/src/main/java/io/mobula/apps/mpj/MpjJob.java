package io.mobula.apps.mpj;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One run of an MPJ Express program on {@code np} ranks: starts the JVM(s) of the device, hands every line they
 * print to a consumer (rank 0's as printed, another rank's niodev output after {@code [rank R] }), and waits,
 * bounded, for all to end. A rank that fails, a rendezvous that fails or the time limit ends the run at once and
 * every process of it is destroyed.
 */
public final class MpjJob {
    private static final Duration RENDEZVOUS_LIMIT = Duration.ofSeconds(60);

    private MpjJob() {
    }

    /**
     * How a run ended.
     *
     * @param exitCode 0 when every process exited with 0, else the first non-zero exit code (-1 when destroyed)
     * @param failure why the run was ended early, or null
     */
    public record Result(int exitCode, String failure) {
        /** Whether every process exited with 0 on its own. */
        public boolean ok() {
            return exitCode == 0 && failure == null;
        }
    }

    /**
     * Runs {@code main} of {@code classes} (compiled against MPJ Express) on {@code np} ranks of {@code device}.
     *
     * @param jvmFlags flags for every JVM
     * @param classPath what else the program needs (empty for nothing)
     * @param args the program's arguments after MPJ Express's own
     * @param timeout the time limit of the whole run
     * @param lines gets every line printed, one call at a time
     */
    public static Result run(MpjExpress mpj, MpjExpress.Device device, int np, List<String> jvmFlags, Path classes,
            String classPath, String main, List<String> args, Duration timeout, Consumer<String> lines)
            throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Consumer<String> out = line -> {
            synchronized (lines) {
                lines.accept(line);
            }
        };
        if (device == MpjExpress.Device.MULTICORE) {
            List<Rank> ps = List.of(start(mpj.multicoreCommand(java, jvmFlags, np, classes, classPath, main,
                    args), "", out));
            return await(ps, null, timeout);
        }
        try (Rendezvous rv = Rendezvous.open(np, RENDEZVOUS_LIMIT.compareTo(timeout) < 0 ? RENDEZVOUS_LIMIT
                : timeout)) {
            List<Rank> ps = new ArrayList<>();
            try {
                for (int r = 0; r < np; r++) {
                    ps.add(start(mpj.niodevCommand(java, jvmFlags, r, np, rv.port(), classes, classPath, main,
                            args), r == 0 ? "" : "[rank " + r + "] ", out));
                }
            } catch (IOException | RuntimeException e) {
                destroy(ps);
                throw e;
            }
            return await(ps, rv, timeout);
        }
    }

    /** A started process and the thread passing its output on. */
    private record Rank(Process process, Thread reader) {
    }

    private static Rank start(List<String> cmd, String prefix, Consumer<String> out)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        p.getOutputStream().close();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    out.accept(prefix + line);
                }
            } catch (IOException e) {
                // the process is gone; its exit code tells
            }
        });
        return new Rank(p, reader);
    }

    private static Result await(List<Rank> ps, Rendezvous rv, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                int alive = 0;
                for (int r = 0; r < ps.size(); r++) {
                    Process p = ps.get(r).process();
                    if (p.isAlive()) {
                        alive++;
                    } else if (p.exitValue() != 0) {
                        return new Result(p.exitValue(), (ps.size() == 1 ? "the JVM of the ranks" : "rank " + r)
                                + " exited with " + p.exitValue());
                    }
                }
                if (alive == 0) {
                    return new Result(0, null);
                }
                if (rv != null && rv.failure() != null) {
                    return new Result(-1, rv.failure());
                }
                if (System.nanoTime() - deadline > 0) {
                    return new Result(-1, "the MPJ Express run did not end within " + timeout.toSeconds() + " s");
                }
                ps.getFirst().process().waitFor(20, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        } finally {
            destroy(ps);
        }
    }

    /** Destroys what is still running, then waits (bounded) for every process and its last output lines. */
    private static void destroy(List<Rank> ps) {
        for (Rank r : ps) {
            if (r.process().isAlive()) {
                r.process().descendants().forEach(ProcessHandle::destroyForcibly);
                r.process().destroyForcibly();
            }
        }
        for (Rank r : ps) {
            try {
                r.process().waitFor(5, TimeUnit.SECONDS);
                r.reader().join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
