package io.mobula.examples.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Nothing but death gets a live member of a pool declared dead. A stranger on the host reads a member's VM id from
 * the HELLO that member sends to anyone who connects, presents it as its own and reports a rank unreachable in that
 * member's name. The pool runs without a cluster secret (the case where the VM id is readable): the coordinator
 * refuses the report, because the caller is not on the connection the member joined over. Then the member is frozen
 * ({@code kill -STOP}) for longer than a lease, which once got it declared dead: the coordinator suspects it, finds
 * its process present and waits for the confirmation, in which it heartbeats again (docs/POOL.md, Failure
 * detection). No rank hears of a death. Last, the member is killed with -9: the coordinator's knock on its listener
 * is refused, and the other rank hears of the death well before a silent member's bound.
 */
class PoolStrangerAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final long LEASE_MS = 2_000;
    /** Rank 0's coordinator confirms a suspicion for this long: a present member is dropped after 1 + 4 s at least. */
    private static final long CONFIRM_MS = 4_000;
    /** How long the member is frozen: longer than a lease, shorter than the least time a present member is kept. */
    private static final long FROZEN_MS = 3_000;

    private static Map<String, String> noSecret() {
        Map<String, String> e = new HashMap<>();
        e.put("MOBULA_SECRET", null);
        e.put("MOBULA_SECRET_FILE", null);
        e.put("MOBULA_AUTH", "none"); // the case where a member's VM id is readable and grants nothing by itself
        return e;
    }

    private static ChildJvm rank(int rank, int port) throws IOException {
        List<String> jvm = new ArrayList<>(List.of("-Dmobula.pool.rank=" + rank, "-Dmobula.pool.size=2",
                "-Dmobula.pool.name=watched", "-Dmobula.pool.server=127.0.0.1:" + port,
                "-Dmobula.pool.bootstrap=rank0", "-Dmobula.pool.leaseMs=" + LEASE_MS,
                "-Dmobula.pool.confirmMs=" + CONFIRM_MS, "-Dmobula.transports=tcp"));
        return ChildJvm.startWithEnv(List.of(), noSecret(), WatchedRankMain.class, jvm);
    }

    @Test
    void neitherAStrangerNorAFreezeGetsALiveRankDeclaredGoneButAKillDoes() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            try (ChildJvm rank0 = rank(0, port); ChildJvm rank1 = rank(1, port)) {
                rank0.awaitLine("JOINED 0 ", Duration.ofSeconds(60));
                URI address = URI.create(rank1.awaitLine("JOINED 1 ", Duration.ofSeconds(60)).split(" ")[2]);
                try (ChildJvm stranger = ChildJvm.startWithEnv(List.of(), noSecret(), StrangerMain.class,
                        List.of("-Dmobula.transports=tcp"), "127.0.0.1", Integer.toString(port),
                        Integer.toString(address.getPort()), "watched", "0", "1")) {
                    stranger.awaitLine("SNIFFED ", Duration.ofSeconds(30));
                    String report = stranger.awaitLine("REPORT ", Duration.ofSeconds(30));
                    assertTrue(report.startsWith("REPORT REFUSED "), stranger.output());
                    assertTrue(report.contains("is not rank 1"), report);
                    assertEquals(0, stranger.waitFor(Duration.ofSeconds(30)), stranger.output());
                }
                signal("STOP", rank1.pid());
                try {
                    Thread.sleep(FROZEN_MS); // past the lease: the report's death would have reached rank 0 too
                } finally {
                    signal("CONT", rank1.pid());
                }
                Thread.sleep(LEASE_MS / 2); // two heartbeat periods: rank 1 is heard from again
                for (ChildJvm r : List.of(rank0, rank1)) {
                    r.send("STATUS");
                    assertEquals("STATUS none", r.awaitLine("STATUS ", Duration.ofSeconds(10)), r.output());
                    assertFalse(r.output().contains("EVENT "), r.output());
                }
                assertFalse(rank1.output().contains("WARNING"), "the knocks on a frozen rank are quiet:\n"
                        + rank1.output());
                long killed = System.nanoTime();
                rank1.kill();
                String died = rank0.awaitLine("EVENT DIED 1 ", Duration.ofSeconds(30));
                long ms = (System.nanoTime() - killed) / 1_000_000;
                assertTrue(died.contains("its process is gone"), died);
                assertTrue(ms < 1_000 + CONFIRM_MS, "kill -9 is told by the knock, not by the confirmation: " + ms
                        + " ms");
                rank0.send("QUIT");
                assertEquals(0, rank0.waitFor(Duration.ofSeconds(30)), rank0.output());
            }
        });
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start();
        assertTrue(kill.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && kill.exitValue() == 0,
                "kill -" + name + " " + pid);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
