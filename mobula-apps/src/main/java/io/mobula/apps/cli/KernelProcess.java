package io.mobula.apps.cli;

import io.mobula.apps.ResultLine;
import io.mobula.apps.Version;
import java.time.Duration;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One kernel run in processes of its own: the sequential main in one JVM, a parallel main under the
 * {@code mobula run} launcher, the main that starts a C + MPI version with {@code mpirun} or the main that runs an MPJ
 * Express version. Returns the result line it printed; bounded by a timeout, after which the process tree is killed.
 */
final class KernelProcess {
    private KernelProcess() {
    }

    /** What a run gave: its result line, if any, its exit code and its last lines of output. */
    record Outcome(Optional<ResultLine> result, int exitCode, List<String> tail) {
    }

    /**
     * Runs {@code v} on {@code np} ranks at {@code size}; {@code jvmOptions} go to the JVM that runs the version's
     * main (every rank's, under the launcher). After {@code timeout} the process tree is killed.
     */
    static Outcome run(Version v, int np, String size, List<String> jvmOptions, Duration timeout) throws IOException,
            InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        switch (v.launch()) {
            case ONE_JVM -> {
                cmd.addAll(jvmOptions);
                cmd.add(v.mainClass());
            }
            case POOL -> {
                cmd.addAll(List.of("io.mobula.pool.cli.MobulaRun", "--np", Integer.toString(np)));
                for (String o : jvmOptions) {
                    cmd.addAll(List.of("-J", o));
                }
                cmd.add(v.mainClass());
            }
            case MPIRUN, MPJ -> {
                cmd.addAll(jvmOptions);
                cmd.addAll(List.of(v.mainClass(), "--np", Integer.toString(np)));
            }
        }
        cmd.add(size);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Optional<ResultLine> result = Optional.empty();
        List<String> tail = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            Thread killer = Thread.ofVirtual().start(() -> {
                try {
                    if (!p.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                        p.descendants().forEach(ProcessHandle::destroyForcibly);
                        p.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            String line;
            while ((line = r.readLine()) != null) {
                Optional<ResultLine> found = ResultLine.find(line);
                if (found.isPresent()) {
                    result = found;
                }
                tail.add(line);
                if (tail.size() > 20) {
                    tail.removeFirst();
                }
            }
            killer.interrupt();
        } finally {
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
        return new Outcome(result, p.waitFor(), tail);
    }
}
