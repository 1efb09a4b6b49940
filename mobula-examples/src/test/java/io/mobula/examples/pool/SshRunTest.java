package io.mobula.examples.pool;

import static io.mobula.examples.Netns.check;
import static io.mobula.examples.Netns.ip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.ClusterBox;
import io.mobula.examples.MarkedProcesses;
import io.mobula.pool.cli.MobulaRun;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code mobula run --hosts} over real ssh, on a cluster in a box of two hosts ({@link ClusterBox},
 * {@code .ci/cluster-in-a-box.sh}): two network namespaces, each running its own sshd with a generated key, joined
 * by a bridge to the launcher's namespace on a subnet that exists only on those links. The launcher serves the
 * coordinator on the box's address; ranks are started round-robin on the two hosts through ssh. A further address
 * of the first host, on which no sshd listens, is a host that refuses ssh. Needs root, {@code ip netns}, sshd, ssh
 * and ssh-keygen ({@code .ci/setup-ssh.sh} installs the last three); skipped with the reason otherwise. The box is
 * always removed, and each test checks that no process carrying its unique marker is left.
 */
class SshRunTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** The box's sshd port. */
    private static final int PORT = 22;
    private static final List<String> SMALL_JVM = List.of("-Xmx96m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1");

    private static ClusterBox box;
    private static String root;
    private static String hostA;
    private static String hostB;
    private static String refusing;

    @BeforeAll
    static void startHosts() throws Exception {
        box = ClusterBox.upOrSkip(2);
        root = box.bind;
        hostA = box.hosts.get(0);
        hostB = box.hosts.get(1);
        refusing = root.substring(0, root.lastIndexOf('.')) + ".250";
        check(ip("-n", box.namespaces.get(0), "addr", "add", refusing + "/24", "dev", "eth0"));
    }

    @AfterAll
    static void stopHosts() {
        if (box != null) {
            box.close();
        }
    }

    /** The ssh command the launcher is given: the box's key, no known-hosts bookkeeping, and {@code sshPort}. */
    private static String ssh(int sshPort) {
        return box.ssh + " -p " + sshPort;
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
        try (ChildJvm run = launch(marker, hostA + "," + hostB, PORT, PoolInfoMain.class)) {
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
        try (ChildJvm run = launch(marker, hostA + "," + refusing, PORT, PoolInfoMain.class)) {
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
                "--ssh", "ssh -i /nonexistent/no-such-key -o IdentitiesOnly=yes"
                        + " -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -p " + PORT,
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
        try (ChildJvm run = launch(marker, hostA + "," + hostB, PORT, DyingRankMain.class, "3")) {
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
        try (ChildJvm run = launch(marker, hostA + "," + hostB, PORT, DyingRankMain.class, "-1")) {
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

    private static void assertNothingLeft(String marker) throws Exception {
        MarkedProcesses.assertNoneLeft(marker, Duration.ofSeconds(10));
    }

    private static List<Long> markedJava(String marker) throws IOException {
        return MarkedProcesses.find(marker, true);
    }
}
