package io.mobula.examples.pool;

import static io.mobula.examples.Netns.check;
import static io.mobula.examples.Netns.ip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.mobula.examples.ChildJvm;
import io.mobula.pool.cli.MobulaRun;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code mobula run --hosts} over real ssh. Two "hosts" are network namespaces, each running its own sshd (keys and
 * configuration generated into a temporary directory); a bridge in a third namespace joins them and the root
 * namespace on one subnet 10.78.T.0/29 that exists only on these links (T derived from the test's pid). The launcher
 * runs in the root namespace and serves the coordinator on 10.78.T.1; ranks are started round-robin on 10.78.T.2
 * and 10.78.T.3 through ssh. 10.78.T.4 is a further address of the first host on which no sshd listens: a host that
 * refuses ssh. Needs root, {@code ip netns}, sshd, ssh and ssh-keygen ({@code .ci/setup-ssh.sh} installs the last
 * three); skipped with the reason otherwise. Namespaces and sshd are always removed, and each test checks that no
 * process carrying its unique marker is left.
 */
class SshRunTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String SSHD = "/usr/sbin/sshd";
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1");

    private static final List<String> namespaces = new ArrayList<>();
    private static final List<Process> daemons = new ArrayList<>();
    private static Thread cleanup;
    private static Path dir;
    private static String root;
    private static String hostA;
    private static String hostB;
    private static String refusing;
    private static int port;

    @BeforeAll
    static void startHosts() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "skipped: needs root to create network namespaces and run sshd");
        for (String tool : List.of(SSHD, "ssh", "ssh-keygen")) {
            Assumptions.assumeTrue(onPath(tool), "skipped: " + tool + " not found (.ci/setup-ssh.sh installs it)");
        }
        long pid = ProcessHandle.current().pid();
        String tag = Long.toString(pid % 100000);
        String net = "10.78." + (20 + pid % 200) + ".";
        root = net + "1";
        hostA = net + "2";
        hostB = net + "3";
        refusing = net + "4";
        String sw = "mobula-sw" + tag;
        String a = "mobula-sa" + tag;
        String b = "mobula-sb" + tag;
        cleanup = new Thread(SshRunTest::removeAll);
        Runtime.getRuntime().addShutdownHook(cleanup);
        String why = ip("netns", "add", sw);
        Assumptions.assumeTrue(why == null, "skipped: cannot create network namespaces here: " + why);
        namespaces.add(sw);
        check(ip("netns", "add", a));
        namespaces.add(a);
        check(ip("netns", "add", b));
        namespaces.add(b);
        // a switch: a bridge in its own namespace, so no packet crosses the root namespace's bridge filtering
        check(ip("-n", sw, "link", "add", "br" + tag, "type", "bridge"));
        check(ip("link", "add", "mr" + tag, "type", "veth", "peer", "name", "sr" + tag, "netns", sw));
        check(ip("-n", a, "link", "add", "ma" + tag, "type", "veth", "peer", "name", "sa" + tag, "netns", sw));
        check(ip("-n", b, "link", "add", "mb" + tag, "type", "veth", "peer", "name", "sb" + tag, "netns", sw));
        for (String port : List.of("sr", "sa", "sb")) {
            check(ip("-n", sw, "link", "set", port + tag, "master", "br" + tag));
            check(ip("-n", sw, "link", "set", port + tag, "up"));
        }
        check(ip("-n", sw, "link", "set", "br" + tag, "up"));
        check(ip("addr", "add", root + "/29", "dev", "mr" + tag));
        check(ip("link", "set", "mr" + tag, "up"));
        check(ip("-n", a, "addr", "add", hostA + "/29", "dev", "ma" + tag));
        check(ip("-n", a, "addr", "add", refusing + "/29", "dev", "ma" + tag));
        check(ip("-n", b, "addr", "add", hostB + "/29", "dev", "mb" + tag));
        for (String[] l : new String[][] {{a, "ma" + tag}, {a, "lo"}, {b, "mb" + tag}, {b, "lo"}}) {
            check(ip("-n", l[0], "link", "set", l[1], "up"));
        }

        dir = Files.createTempDirectory("mobula-ssh");
        run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString()));
        run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("id").toString()));
        Files.copy(dir.resolve("id.pub"), dir.resolve("authorized_keys"));
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // free here; the namespaces are new, so free there too
        }
        Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation directory
        startSshd(a, hostA);
        startSshd(b, hostB);
    }

    private static void startSshd(String ns, String address) throws Exception {
        Path config = dir.resolve("sshd_config-" + address);
        Files.writeString(config, String.join("\n",
                "ListenAddress " + address,
                "Port " + port,
                "HostKey " + dir.resolve("host_key"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password",
                "PasswordAuthentication no",
                "StrictModes no",
                "UsePAM no",
                "PidFile none",
                ""));
        Process p = new ProcessBuilder("ip", "netns", "exec", ns, SSHD, "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd-" + address + ".log").toFile()).start();
        daemons.add(p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, port), 500);
                return;
            } catch (IOException e) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    fail("sshd in " + ns + " not listening on " + address + ":" + port + ": "
                            + Files.readString(dir.resolve("sshd-" + address + ".log")));
                }
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stopHosts() {
        removeAll();
        if (cleanup != null) {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
    }

    /** The ssh command the launcher is given: our key, our port, no known-hosts bookkeeping. */
    private static String ssh(int sshPort) {
        return "ssh -i " + dir.resolve("id") + " -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
                + " -o LogLevel=ERROR -p " + sshPort;
    }

    private static ChildJvm launch(String marker, String hosts, int sshPort, Class<?> main, String... args)
            throws IOException {
        List<String> argv = new ArrayList<>(List.of("--np", "4", "--hosts", hosts, "--bind", root,
                "--ssh", ssh(sshPort), "--timeout", "45", "-J", "-Dmobula.test.marker=" + marker));
        for (String a : SMALL_JVM) {
            argv.add("-J");
            argv.add(a);
        }
        argv.add(main.getName());
        argv.addAll(List.of(args));
        return ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new));
    }

    @Test
    void ranksStartThroughSshAndUseTcpAcrossHostsAndSharedMemoryWithin() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (ChildJvm run = launch(marker, hostA + "," + hostB, port, PoolInfoMain.class)) {
            int code = run.waitFor(WAIT);
            String out = run.output();
            assertEquals(0, code, out);
            // round-robin: ranks 0 and 2 on A, 1 and 3 on B; each advertises its host's address
            for (int r = 0; r < 4; r++) {
                String host = r % 2 == 0 ? hostA : hostB;
                assertTrue(line(out, "[0] member " + r + " ").contains(" address=tcp://" + host + ":"), out);
                assertTrue(line(out, "[" + r + "] done").equals("[" + r + "] done"), out);
            }
            assertTrue(line(out, "[0] reached 1: ").startsWith("[0] reached 1: " + hostB + " "), out);
            assertTrue(line(out, "[0] reached 2: ").startsWith("[0] reached 2: " + hostA + " "), out);
            assertTrue(line(out, "[0] member 2 ").endsWith("sameHost=true"), out);
            assertTrue(line(out, "[0] member 1 ").endsWith("sameHost=false"), out);
            // shared memory within a namespace, TCP across
            assertTrue(line(out, "[0] reached 2: ").endsWith(" via shm"), out);
            assertTrue(line(out, "[2] reached 0: ").endsWith(" via shm"), out);
            assertTrue(line(out, "[1] reached 3: ").endsWith(" via shm"), out);
            assertTrue(line(out, "[3] reached 1: ").endsWith(" via shm"), out);
            assertTrue(line(out, "[0] reached 1: ").endsWith(" via tcp"), out);
            assertTrue(line(out, "[0] reached 3: ").endsWith(" via tcp"), out);
            assertTrue(line(out, "[1] reached 2: ").endsWith(" via tcp"), out);
            assertTrue(line(out, "[3] reached 0: ").endsWith(" via tcp"), out);
        } finally {
            assertNothingLeft(marker);
        }
    }

    @Test
    void aHostThatRefusesSshEndsTheJobNamingRankAndHost() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (ChildJvm run = launch(marker, hostA + "," + refusing, port, PoolInfoMain.class)) {
            int code = run.waitFor(WAIT);
            String out = run.output();
            assertEquals(255, code, out);
            assertTrue(out.matches("(?s).*mobula run: rank [13] on host " + refusing.replace(".", "\\.")
                    + " exited with code 255 \\(ssh's code when it cannot connect or log in to .*"), out);
            assertTrue(out.contains("Connection refused"), out);
        } finally {
            assertNothingLeft(marker);
        }
    }

    @Test
    void aMissingKeyEndsTheJobNamingRankAndHost() throws Exception {
        String marker = UUID.randomUUID().toString();
        List<String> argv = new ArrayList<>(List.of("--np", "2", "--hosts", hostB, "--bind", root,
                "--ssh", "ssh -i " + dir.resolve("no-such-key") + " -o IdentitiesOnly=yes"
                        + " -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -p " + port,
                "-J", "-Dmobula.test.marker=" + marker, PoolInfoMain.class.getName()));
        try (ChildJvm run = ChildJvm.start(MobulaRun.class, SMALL_JVM, argv.toArray(String[]::new))) {
            int code = run.waitFor(WAIT);
            String out = run.output();
            assertEquals(255, code, out);
            assertTrue(out.matches("(?s).*mobula run: rank [01] on host " + hostB.replace(".", "\\.")
                    + " exited with code 255 .*"), out);
            assertTrue(out.contains("Permission denied"), out);
        } finally {
            assertNothingLeft(marker);
        }
    }

    @Test
    void aRankThatDiesEndsTheJobNamingRankAndHostAndStopsTheRemoteRanks() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (ChildJvm run = launch(marker, hostA + "," + hostB, port, DyingRankMain.class, "3")) {
            run.awaitLine("[3] rank 3 dying", WAIT);
            // the other three are running remotely, waiting to be stopped
            assertTrue(markedJava(marker).size() >= 3, "ranks not running: " + run.output());
            run.awaitLine("mobula run: rank 3 on host " + hostB + " exited with code 7; stopping the other ranks",
                    Duration.ofSeconds(20));
            assertEquals(7, run.waitFor(Duration.ofSeconds(20)), run.output());
            for (int r = 0; r < 4; r++) {
                assertTrue(run.output().contains("[" + r + "] joined " + r + " of 4"), run.output());
            }
            // the launcher returns only once ssh reported the remote ranks gone
            assertEquals(List.of(), markedJava(marker), "remote ranks outlived the launcher");
        } finally {
            assertNothingLeft(marker);
        }
    }

    @Test
    void killingTheLauncherStopsTheRemoteRanks() throws Exception {
        String marker = UUID.randomUUID().toString();
        try (ChildJvm run = launch(marker, hostA + "," + hostB, port, DyingRankMain.class, "-1")) {
            long deadline = System.nanoTime() + WAIT.toNanos();
            for (int r = 0; r < 4; r++) {
                while (!run.output().contains("[" + r + "] joined " + r + " of 4")) {
                    assertTrue(System.nanoTime() < deadline, "rank " + r + " did not join: " + run.output());
                    Thread.sleep(50);
                }
            }
            assertEquals(4, markedJava(marker).size(), run.output());
            run.kill(); // SIGKILL: no shutdown hook; ssh's stdin closes with the launcher
        } finally {
            assertNothingLeft(marker);
        }
    }

    private static String line(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + out));
    }

    /** Waits (bounded) until no process's command line holds {@code marker}; kills and fails if some remain. */
    private static void assertNothingLeft(String marker) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<Long> left = marked(marker, false);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = marked(marker, false);
        }
        for (long pid : left) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        assertEquals(List.of(), left, "processes left behind");
    }

    private static List<Long> markedJava(String marker) throws IOException {
        return marked(marker, true);
    }

    /** Processes whose command line contains {@code marker}; with {@code ranks}, only the ranks' JVMs. */
    private static List<Long> marked(String marker, boolean ranks) throws IOException {
        List<Long> out = new ArrayList<>();
        byte[] needle = ("-Dmobula.test.marker=" + marker).getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                byte[] cmd;
                try {
                    cmd = Files.readAllBytes(p.resolve("cmdline"));
                } catch (IOException e) {
                    continue; // exited meanwhile
                }
                String s = new String(cmd, StandardCharsets.UTF_8);
                if (s.contains(new String(needle, StandardCharsets.UTF_8))
                        && (!ranks || s.contains("\0-Dmobula.pool.rank="))) {
                    out.add(Long.parseLong(p.getFileName().toString()));
                }
            }
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static synchronized void removeAll() {
        for (Process p : daemons) {
            p.destroy();
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        daemons.clear();
        for (String n : namespaces) {
            try {
                ip("netns", "del", n); // takes the veth pairs and the bridge with it
            } catch (Exception ignored) {
                // best effort
            }
        }
        namespaces.clear();
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException ignored) {
                // a temporary directory
            }
            dir = null;
        }
    }

    private static boolean onPath(String tool) {
        if (tool.startsWith("/")) {
            return Files.isExecutable(Path.of(tool));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        return Stream.of(path.split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }

    private static void run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", cmd) + ": timed out");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
    }
}
