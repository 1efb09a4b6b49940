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
 * A stranger on the host cannot get a live member of a pool declared dead: it reads a member's VM id from the HELLO
 * that member sends to anyone who connects, presents it as its own and reports a rank unreachable in that member's
 * name. The pool runs without a cluster secret (the case where the VM id is readable): the coordinator refuses the
 * report, because the caller is not on the connection the member joined over, and no rank hears of a death.
 */
class PoolStrangerAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final long LEASE_MS = 2_000;

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
                "-Dmobula.pool.bootstrap=rank0", "-Dmobula.pool.leaseMs=" + LEASE_MS, "-Dmobula.transports=tcp"));
        return ChildJvm.startWithEnv(List.of(), noSecret(), WatchedRankMain.class, jvm);
    }

    @Test
    void aStrangerPresentingAMembersSniffedVmIdCannotGetALiveRankDeclaredGone() throws Exception {
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
                Thread.sleep(2 * LEASE_MS); // any death would have reached both ranks by now
                for (ChildJvm r : List.of(rank0, rank1)) {
                    r.send("STATUS");
                    assertEquals("STATUS none", r.awaitLine("STATUS ", Duration.ofSeconds(10)), r.output());
                    assertFalse(r.output().contains("EVENT "), r.output());
                }
                rank1.send("QUIT");
                assertEquals(0, rank1.waitFor(Duration.ofSeconds(30)), rank1.output());
                rank0.send("QUIT");
                assertEquals(0, rank0.waitFor(Duration.ofSeconds(30)), rank0.output());
            }
        });
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
