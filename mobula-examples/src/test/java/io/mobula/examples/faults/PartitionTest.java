package io.mobula.examples.faults;

import static io.mobula.examples.Netns.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.Netns;
import io.mobula.examples.gmi.GmiDeathMain;
import io.mobula.examples.repmi.PartitionMain;
import io.mobula.pool.PoolServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Partitions under the group layers. RepMI replicas never diverge when a link fails: three ranks write to one replicated stack; the pool coordinator
 * and ranks 0 and 1 live on one "host" (network namespace), rank 2 on another, joined by a veth pair. The test cuts
 * the link under the writes. Rank 2's pending push fails, and so does every read after it, within a few leases (it
 * serves no stale state); ranks 0 and 1 go on without it and end with equal replicas holding every push that
 * returned, each once, and of rank 2's pushes exactly those that returned (plus, at most, the one that failed: its
 * outcome is unknown, as for any call cut off in flight). The second test cuts every rank off at once by stopping the
 * coordinator (no root needed). GMI: a member cut off inside a group invocation fails the invoker promptly with the
 * group broken, as when a member dies. Namespaces and processes are always removed.
 */
@Timeout(300)
class PartitionTest {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Pattern STOPPED = Pattern.compile(
            "\\[partition] rank (\\d+) stopped after (\\d+) pushes; (.*)");
    private static final Pattern BLOCKING_READ_ENDED = Pattern.compile(
            "'s waiting blocking read ended after (\\d+) ms: RepMI stopped in this process: this process lost the"
                    + " pool coordinator");
    private static final Pattern AGREE = Pattern.compile(
            "\\[partition] survivors agree: (\\d+) values; cut-off rank's pushes present: (\\d+), from 0 to (-?\\d+),"
                    + " none twice");

    private static List<String> jvm(String host, String server, int rank, String pool) {
        return new ArrayList<>(List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dmobula.transports=tcp", "-Dmobula.host=" + host, "-Dmobula.heartbeatMs=500",
                "-Dmobula.peerTimeoutMs=4000", "-Dmobula.pool.rank=" + rank, "-Dmobula.pool.size=3",
                "-Dmobula.pool.name=" + pool, "-Dmobula.pool.server=" + server, "-Dmobula.pool.leaseMs=1500",
                "-Dmobula.repmi.timeoutMs=60000", "-Dmobula.gmi.timeoutMs=60000"));
    }

    /** The pool coordinator on host a. */
    private static ChildJvm poolServer(Netns.Pair hosts) throws Exception {
        return poolServer(hosts.a, hosts.addressA);
    }

    /** The pool coordinator in namespace {@code ns}, at {@code address}. */
    static ChildJvm poolServer(String ns, String address) throws Exception {
        return ChildJvm.startWrapped(Netns.Pair.exec(ns), PoolServer.class,
                List.of("-Xmx96m", "-Dmobula.transports=tcp", "-Dmobula.host=" + address),
                "--port", "0", "--lease-ms", "1500");
    }

    /** Ranks 0 and 1 on host a, rank 2 on host b, running {@code main args}. */
    private static List<ChildJvm> ranks(Netns.Pair hosts, String server, String pool, Class<?> main, String... args)
            throws Exception {
        return ranks(hosts.a, hosts.addressA, hosts.b, hosts.addressB, server, pool, main, args);
    }

    /**
     * Ranks 0 and 1 in namespace {@code a}, rank 2 in {@code b}, running {@code main args} in the pool whose
     * coordinator announced itself with {@code server}.
     */
    static List<ChildJvm> ranks(String a, String addressA, String b, String addressB, String server, String pool,
            Class<?> main, String... args) throws Exception {
        String line = server.substring(server.lastIndexOf('/') + 1);
        List<ChildJvm> ranks = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            String host = r < 2 ? addressA : addressB;
            ranks.add(ChildJvm.startWrapped(Netns.Pair.exec(r < 2 ? a : b), main, jvm(host, line, r, pool), args));
        }
        return ranks;
    }

    @Test
    void aCutOffReplicaStopsAndTheOthersAgree() throws Exception {
        try (Netns.Pair hosts = Netns.Pair.createOrSkip("mobula-r", "10.77.5");
             ChildJvm server = poolServer(hosts)) {
            List<ChildJvm> ranks = ranks(hosts, server.awaitLine("pool server listening on mobula://", WAIT),
                    "partition", PartitionMain.class, "3000", "2");
            try {
                assertNotNull(ranks.get(2).awaitLine("[partition] writing", WAIT), ranks.get(2).output());
                long cutAt = System.nanoTime();
                String link = LinkFaultsTest.link(hosts, "b");
                check(Netns.ip("-n", hosts.b, "link", "set", link, "down"));

                String stopped = ranks.get(2).awaitLine("[partition] rank 2 stopped", WAIT);
                long stopMs = (System.nanoTime() - cutAt) / 1_000_000;
                System.out.println("PartitionTest: " + stopped + " (" + stopMs + " ms after the cut)");
                Matcher m = STOPPED.matcher(stopped);
                assertTrue(m.matches(), stopped);
                assertTrue(m.group(3).startsWith("reads fail too: RepMI stopped"), "no stale read: " + stopped);
                String read = ranks.get(2).awaitLine("[partition] rank 2's waiting blocking read", WAIT);
                assertTrue(read.contains("'s waiting blocking read ended after") && read.contains("RepMI stopped"),
                        read);
                assertTrue(stopMs < 30_000, "the cut-off replica stops within a few leases: " + stopMs + " ms");
                int returned = Integer.parseInt(m.group(2));
                assertEquals(0, ranks.get(2).waitFor(WAIT), ranks.get(2).output());

                for (int r = 0; r < 2; r++) {
                    assertEquals(0, ranks.get(r).waitFor(WAIT), "rank " + r + ":\n" + ranks.get(r).output());
                }
                String agree = ranks.get(0).awaitLine("[partition] survivors agree", Duration.ofSeconds(5));
                System.out.println("PartitionTest: " + agree);
                Matcher a = AGREE.matcher(agree);
                assertTrue(a.matches(), agree);
                int present = Integer.parseInt(a.group(2));
                assertEquals(present, Integer.parseInt(a.group(3)) + 1, "rank 2's pushes present are 0.." + a.group(3)
                        + " with none missing: " + agree);
                assertTrue(present == returned || present == returned + 1, "rank 2's " + returned + " returned pushes"
                        + " are all there, and at most its failed one besides: " + agree);
                assertEquals(2 * 3000 + present, Integer.parseInt(a.group(1)), agree);
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }

    @Test
    void aGroupMemberCutOffInsideAnInvocationFailsTheInvokerPromptly() throws Exception {
        try (Netns.Pair hosts = Netns.Pair.createOrSkip("mobula-g", "10.77.6");
             ChildJvm server = poolServer(hosts)) {
            List<ChildJvm> ranks = ranks(hosts, server.awaitLine("pool server listening on mobula://", WAIT),
                    "death-cut", GmiDeathMain.class, "cut");
            try {
                assertNotNull(ranks.get(2).awaitLine("[death] rank 2 inside add", WAIT), ranks.get(2).output());
                check(Netns.ip("-n", hosts.b, "link", "set", LinkFaultsTest.link(hosts, "b"), "down"));
                for (int r = 0; r < 2; r++) {
                    assertEquals(0, ranks.get(r).waitFor(WAIT), "rank " + r + ":\n" + ranks.get(r).output());
                }
                String failed = ranks.get(0).awaitLine("[death] rank 0 failed after", Duration.ofSeconds(5));
                System.out.println("PartitionTest: " + failed);
                long ms = Long.parseLong(failed.replaceAll(".*failed after (\\d+) ms.*", "$1"));
                assertTrue(ms < 20_000, "the invoker fails within a few leases, not the 60 s GMI timeout: " + failed);
                assertTrue(failed.contains("GroupBrokenException"), failed);
                assertNotNull(ranks.get(0).awaitLine("[death] rank 0 group stays broken", Duration.ofSeconds(5)));
                assertNotNull(ranks.get(1).awaitLine("[death] rank 1 sees the group broken", Duration.ofSeconds(5)));
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }

    @Test
    void losingTheCoordinatorStopsEveryReplica() throws Exception {
        List<ChildJvm> ranks = new ArrayList<>();
        try (ChildJvm server = ChildJvm.start(PoolServer.class, List.of("-Xmx96m"), "--port", "0", "--lease-ms",
                "1500")) {
            String line = server.awaitLine("pool server listening on mobula://", WAIT);
            String addr = line.substring(line.lastIndexOf('/') + 1);
            try {
                for (int r = 0; r < 3; r++) {
                    ranks.add(ChildJvm.start(PartitionMain.class, jvm("127.0.0.1", addr, r, "lonely"), "0", "-1"));
                }
                for (ChildJvm r : ranks) {
                    assertNotNull(r.awaitLine("[partition] writing", WAIT), r.output());
                }
                server.close(); // the coordinator is gone: nobody could tell a rank that the others went on
                for (int r = 0; r < 3; r++) {
                    String stopped = ranks.get(r).awaitLine("[partition] rank " + r + " stopped", WAIT);
                    Matcher m = STOPPED.matcher(stopped);
                    assertTrue(m.matches() && m.group(3).startsWith("reads fail too: RepMI stopped in this process:"
                            + " this process lost the pool coordinator"), stopped + "\n" + ranks.get(r).output());
                    // a blocking read waiting when RepMI stopped ended with the stop, not at its 120 s timeout
                    String read = ranks.get(r).awaitLine("[partition] rank " + r + "'s waiting blocking read", WAIT);
                    Matcher w = BLOCKING_READ_ENDED.matcher(read);
                    assertTrue(w.find() && Long.parseLong(w.group(1)) < 5_000, read);
                    assertEquals(0, ranks.get(r).waitFor(WAIT), ranks.get(r).output());
                }
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }
}
