package io.mobula.examples.pool;

import static io.mobula.examples.Netns.check;
import static io.mobula.examples.Netns.ip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Two "hosts" on one machine: network namespaces joined by a veth pair, each with its own address in 10.77.0.0/24
 * (which exists only inside them). Ranks 0 and 1 run in the first, rank 2 in the second; rank 0 serves the
 * coordinator (rank-0 bootstrap). Needs root; skipped with a message elsewhere. The namespaces are always deleted.
 */
class NetnsPoolTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void poolAcrossNamespacesSeesTwoHosts() throws Exception {
        List<ChildJvm> ranks = new ArrayList<>();
        try (Netns.Pair hosts = Netns.Pair.createOrSkip("mobula-", "10.77.0")) {
            String a = hosts.a;
            String b = hosts.b;
            String[] ns = {a, a, b};
            String[] addr = {"10.77.0.1", "10.77.0.1", "10.77.0.2"};
            for (int r = 0; r < 3; r++) {
                ranks.add(ChildJvm.startWrapped(List.of("ip", "netns", "exec", ns[r]), PoolInfoMain.class,
                        List.of("-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dmobula.host=" + addr[r],
                                "-Dmobula.pool.rank=" + r, "-Dmobula.pool.size=3", "-Dmobula.pool.name=netns",
                                "-Dmobula.pool.server=10.77.0.1:17100", "-Dmobula.pool.bootstrap=rank0",
                                "-Dmobula.pool.timeoutMs=45000")));
            }
            for (ChildJvm r : ranks) {
                r.awaitLine("done", WAIT);
            }
            String out0 = ranks.get(0).output();
            assertTrue(out0.contains("member 1 address=tcp://10.77.0.1:"), out0);
            assertTrue(out0.contains("member 2 address=tcp://10.77.0.2:"), out0);
            assertTrue(line(out0, "member 0 ").endsWith("sameHost=true"), out0);
            assertTrue(line(out0, "member 1 ").endsWith("sameHost=true"), out0);
            assertTrue(line(out0, "member 2 ").endsWith("sameHost=false"), out0);
            assertTrue(line(out0, "reached 2: ").startsWith("reached 2: 10.77.0.2 "), out0);
            String out2 = ranks.get(2).output();
            assertTrue(line(out2, "member 0 ").endsWith("sameHost=false"), out2);
            assertTrue(line(out2, "member 2 ").endsWith("sameHost=true"), out2);
            // shared memory within a host identity, TCP across
            assertTrue(line(out0, "reached 1: ").endsWith(" via shm"), out0);
            assertTrue(line(out0, "reached 2: ").endsWith(" via tcp"), out0);
            assertTrue(line(out2, "reached 0: ").endsWith(" via tcp"), out2);
            assertTrue(line(ranks.get(1).output(), "reached 0: ").endsWith(" via shm"), ranks.get(1).output());
            for (ChildJvm r : ranks) {
                assertEquals(0, r.waitFor(WAIT), r.output());
            }
        } finally {
            for (ChildJvm r : ranks) {
                r.close();
            }
        }
    }

    private static String line(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + out));
    }
}
