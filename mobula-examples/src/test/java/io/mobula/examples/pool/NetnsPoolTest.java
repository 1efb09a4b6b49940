package io.mobula.examples.pool;

import static io.mobula.examples.Netns.check;
import static io.mobula.examples.Netns.ip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
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
        String tag = Long.toString(ProcessHandle.current().pid() % 100000);
        String a = "mobula-a" + tag;
        String b = "mobula-b" + tag;
        List<String> created = new ArrayList<>();
        Thread cleanup = new Thread(() -> deleteAll(created));
        Runtime.getRuntime().addShutdownHook(cleanup);
        List<ChildJvm> ranks = new ArrayList<>();
        try {
            String why = ip("netns", "add", a);
            Assumptions.assumeTrue(why == null, "skipped: cannot create network namespaces here (needs root and"
                    + " ip netns): " + why);
            created.add(a);
            check(ip("netns", "add", b));
            created.add(b);
            check(ip("-n", a, "link", "add", "va" + tag, "type", "veth", "peer", "name", "vb" + tag, "netns", b));
            check(ip("-n", a, "addr", "add", "10.77.0.1/24", "dev", "va" + tag));
            check(ip("-n", b, "addr", "add", "10.77.0.2/24", "dev", "vb" + tag));
            for (String[] l : new String[][] {{a, "va" + tag}, {a, "lo"}, {b, "vb" + tag}, {b, "lo"}}) {
                check(ip("-n", l[0], "link", "set", l[1], "up"));
            }
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
            deleteAll(created);
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
    }

    private static String line(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + out));
    }

    private static synchronized void deleteAll(List<String> namespaces) {
        for (String n : namespaces) {
            try {
                ip("netns", "del", n);
            } catch (Exception ignored) {
                // best effort
            }
        }
        namespaces.clear();
    }
}
