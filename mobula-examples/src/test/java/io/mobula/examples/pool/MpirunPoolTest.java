package io.mobula.examples.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.sor.SorMain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pools started by a real {@code mpirun} (Open MPI; {@code .ci/setup-openmpi.sh} installs Debian's openmpi-bin),
 * with rank 0 serving the coordinator ({@code -Dmobula.pool.bootstrap=rank0}) on a free loopback port. Skipped with
 * the reason when mpirun is missing or is not Open MPI. Every rank carries a unique {@code -Dmobula.test.marker};
 * after each run the test checks that no process with it is left, and kills any it finds.
 */
class MpirunPoolTest {
    private static final Duration RUN = Duration.ofSeconds(60);
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    /** The flags every mpirun here gets, or why the tests are skipped. */
    private static List<String> mpirunFlags;
    private static String skipReason;

    @BeforeAll
    static void findMpirun() throws Exception {
        String version;
        try {
            Mpirun v = Mpirun.start(List.of("mpirun", "--version"));
            if (!v.process.waitFor(20, TimeUnit.SECONDS)) {
                v.close();
                skipReason = "skipped: mpirun --version did not answer within 20 s";
                return;
            }
            version = v.output();
        } catch (IOException e) {
            skipReason = "skipped: no mpirun on the PATH (run .ci/setup-openmpi.sh as root to install Debian's"
                    + " openmpi-bin): " + e.getMessage();
            return;
        }
        if (!version.contains("Open MPI")) {
            skipReason = "skipped: mpirun is not Open MPI (these tests use Open MPI's flags and messages): '"
                    + version.lines().findFirst().orElse("") + "'";
            return;
        }
        List<String> flags = new ArrayList<>();
        if (isRoot()) {
            flags.add("--allow-run-as-root"); // Open MPI refuses to run as root without it
        }
        flags.add("--oversubscribe"); // more ranks than cores (Open MPI's default slot count is the core count)
        mpirunFlags = List.copyOf(flags);
    }

    @BeforeEach
    void needsOpenMpi() {
        if (skipReason != null) {
            System.err.println("MpirunPoolTest " + skipReason);
        }
        Assumptions.assumeTrue(skipReason == null, skipReason);
    }

    @Test
    void sorOverAnMpirunPoolEqualsTheSequentialSolver() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (Mpirun run = Mpirun.start(command(3, marker, List.of(), SorMain.class, "200", "20"))) {
            assertEquals(0, run.waitFor(RUN), run.output());
            String out = run.output();
            assertTrue(out.contains("SOR 200x200, 20 iterations, 3 ranks: parallel"), out);
            assertTrue(out.contains("SOR result: bitwise equal to the sequential solver, checksum"), out);
            assertNoneLeft(marker);
        }
    }

    @Test
    void gmiTable51UnderMpirun() throws Exception {
        // a GMI program: every row of thesis Table 5.1 across the ranks mpirun started
        String marker = UUID.randomUUID().toString();
        try (Mpirun run = Mpirun.start(command(3, marker, List.of("-Dmobula.gmi.timeoutMs=30000"),
                io.mobula.examples.gmi.Table51.class))) {
            assertEquals(0, run.waitFor(RUN), run.output());
            String out = run.output();
            assertTrue(out.contains("[gmi] table 5.1: all 14 rows verified on 3 processes"), out);
            assertTrue(out.contains("[gmi] row ok: all-to-all (combined + group, combine + personalize)"), out);
            assertNoneLeft(marker);
        }
    }

    @Test
    void aRankExitingWithAnErrorFailsTheJob() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (Mpirun run = Mpirun.start(command(3, marker, List.of(), RankFailureMain.class, "1", "exit"))) {
            int code = run.waitFor(RUN);
            String out = run.output();
            assertEquals(3, code, out); // Open MPI returns the failing rank's status
            assertTrue(out.contains("rank 1 exiting with status 3"), out);
            // Open MPI names the rank: "Process name: [[jobfamily,1],RANK]" and its exit code
            assertTrue(Pattern.compile("Process name: \\[\\[\\d+,\\d+],1]\\s+Exit code:\\s+3").matcher(out).find(),
                    out);
            assertNoneLeft(marker);
        }
    }

    @Test
    void aKilledRankFailsTheJob() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (Mpirun run = Mpirun.start(command(3, marker, List.of(), RankFailureMain.class, "1", "stop"))) {
            long pid = run.awaitPid(1, RUN);
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly); // kill -9 rank 1
            int code = run.waitFor(RUN);
            String out = run.output();
            assertNotEquals(0, code, out);
            // Open MPI 4.1 names the rank and the signal (its PID there reads 0)
            assertTrue(Pattern.compile("process rank 1 with PID \\d+ on node \\S+ exited on signal 9")
                    .matcher(out).find(), out);
            assertNoneLeft(marker);
        }
    }

    @Test
    void aFrozenRankIsNamedByThePoolAndTheJobFails() throws Exception {
        // mpirun cannot see a rank that hangs; the pool's lease does, and the others end the job
        String marker = UUID.randomUUID().toString();
        try (Mpirun run = Mpirun.start(command(3, marker, List.of("-Dmobula.pool.leaseMs=1000"),
                RankFailureMain.class, "1", "stop"))) {
            long pid = run.awaitPid(1, RUN);
            long t0 = System.nanoTime();
            Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(pid)).redirectErrorStream(true).start();
            assertTrue(stop.waitFor(10, TimeUnit.SECONDS) && stop.exitValue() == 0, "kill -STOP " + pid);
            int code = run.waitFor(RUN);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
            String out = run.output();
            assertNotEquals(0, code, out);
            for (int r : new int[] {0, 2}) {
                Matcher m = Pattern.compile("rank " + r + ": lost rank 1: pool 'openmpi-\\d+', rank " + r
                        + ": rank 1 \\(pid " + pid + " on .*\\) died: no heartbeat").matcher(out);
                assertTrue(m.find(), "rank " + r + " did not name rank 1:\n" + out);
            }
            assertTrue(seconds < 30, "the job took " + seconds + " s to end after rank 1 froze");
            assertNoneLeft(marker); // mpirun killed the stopped rank too
        }
    }

    private static List<String> command(int np, String marker, List<String> props, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of("mpirun"));
        cmd.addAll(mpirunFlags);
        return rankCommand(cmd, np, marker, props, main, args);
    }

    /** {@code launcher} (mpirun and its flags) starting {@code np} JVMs of {@code main} in a rank-0-bootstrapped pool. */
    static List<String> rankCommand(List<String> launcher, int np, String marker, List<String> props, Class<?> main,
                                    String... args) {
        List<String> cmd = new ArrayList<>(launcher);
        cmd.addAll(List.of("-np", Integer.toString(np)));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(SMALL_JVM);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "-Dmobula.host=127.0.0.1",
                "-Dmobula.pool.bootstrap=rank0", "-Dmobula.pool.server=127.0.0.1:" + freePort(),
                "-Dmobula.pool.timeoutMs=45000", "-Dmobula.test.marker=" + marker));
        cmd.addAll(props);
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    /** Pids of the processes whose command line carries {@code marker}. */
    private static List<Long> withMarker(String marker) {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String cmdline = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (cmdline.contains(marker)) {
                        found.add(Long.parseLong(name));
                    }
                } catch (IOException gone) {
                    // exited meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return found;
    }

    /** Waits (at most 15 s) until no process carries {@code marker}; kills and reports any that stay. */
    static void assertNoneLeft(String marker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        List<Long> left = withMarker(marker);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = withMarker(marker);
        }
        killAll(marker);
        assertTrue(left.isEmpty(), "processes left behind: " + left);
    }

    private static void killAll(String marker) {
        for (long pid : withMarker(marker)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** An mpirun process, its output (stderr merged) collected, killed with its ranks on close. */
    static final class Mpirun implements AutoCloseable {
        private static final Pattern JOINED = Pattern.compile("rank (\\d+) of \\d+ joined pool \\S+ pid (\\d+)");
        final Process process;
        private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
        private final Thread reader;
        private String marker;

        private Mpirun(Process process) {
            this.process = process;
            this.reader = new Thread(this::pump, "mpirun-output-" + process.pid());
            reader.setDaemon(true);
            reader.start();
        }

        static Mpirun start(List<String> command) throws IOException {
            Mpirun m = new Mpirun(new ProcessBuilder(command).redirectErrorStream(true).start());
            m.marker = command.stream().filter(a -> a.startsWith("-Dmobula.test.marker=")).findFirst()
                    .map(a -> a.substring(a.indexOf('=') + 1)).orElse(null);
            return m;
        }

        private void pump() {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // mpirun is gone
            }
        }

        String output() throws InterruptedException {
            reader.join(TimeUnit.SECONDS.toMillis(5));
            synchronized (lines) {
                return String.join("\n", lines);
            }
        }

        int waitFor(Duration timeout) throws InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("mpirun did not exit within " + timeout + "; output:\n" + output());
            }
            return process.exitValue();
        }

        /** The pid rank {@code rank} printed once it joined. */
        long awaitPid(int rank, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                synchronized (lines) {
                    for (String l : lines) {
                        Matcher m = JOINED.matcher(l);
                        if (m.find() && Integer.parseInt(m.group(1)) == rank) {
                            return Long.parseLong(m.group(2));
                        }
                    }
                }
                if (!process.isAlive()) {
                    break;
                }
                Thread.sleep(50);
            }
            throw new AssertionError("rank " + rank + " did not join within " + timeout + "; output:\n"
                    + String.join("\n", lines));
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy(); // SIGTERM: mpirun stops its ranks
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
            if (marker != null) {
                killAll(marker);
            }
        }
    }
}
