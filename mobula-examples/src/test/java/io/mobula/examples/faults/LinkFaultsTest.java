package io.mobula.examples.faults;

import static io.mobula.examples.Netns.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Faults on a real link between two "hosts" (network namespaces joined by a veth pair, 10.77.3.1 and 10.77.3.2,
 * TCP only): a link that drops packets (a token bucket too small for the traffic), a link that goes down for 1.5
 * seconds and comes back, and a link that goes down for good in the middle of a call. Every call either answers with
 * its own number or fails with a RemoteException; none runs twice on the server, none is lost silently, and a call
 * on a dead link fails within the peer timeout instead of hanging. Needs root; skipped with a message elsewhere. The
 * namespaces are always deleted.
 */
@Timeout(300)
class LinkFaultsTest {
    private static final Duration WAIT = LedgerCalls.WAIT;
    private static final String TEST = "LinkFaultsTest";

    @Test
    void lossyFlappingAndDeadLinks() throws Exception {
        try (Netns.Pair hosts = Netns.Pair.createOrSkip("mobula-f", "10.77.3")) {
            String serverLink = link(hosts, "a");
            try (Ledgers ledgers = Ledgers.start(hosts.a, hosts.addressA, hosts.b, hosts.addressB)) {
                ChildJvm client = ledgers.client();
                long runs = 0;

                // a clean link first: the numbers the faulty runs are compared with
                runs = LedgerCalls.expectAllAnswered(client, "calls 4 200", 800, runs, TEST).runs();

                // a lossy link: a token bucket of 4 Mbit/s with little room drops what does not fit (64 KiB calls)
                String why = tc(hosts.a, "qdisc", "add", "dev", serverLink, "root", "tbf", "rate", "4mbit",
                        "burst", "4kb", "latency", "2ms");
                Assumptions.assumeTrue(why == null, "skipped: no token-bucket qdisc here: " + why);
                check(tc(hosts.b, "qdisc", "add", "dev", link(hosts, "b"), "root", "tbf", "rate", "4mbit",
                        "burst", "4kb", "latency", "2ms"));
                runs = LedgerCalls.expectAllAnswered(client, "bulk 4 8 65536", 32, runs, TEST).runs();
                assertTrue(dropped(hosts.a, serverLink) + dropped(hosts.b, link(hosts, "b")) > 0,
                        "the link dropped packets: " + qdiscs(hosts));
                check(tc(hosts.a, "qdisc", "del", "dev", serverLink, "root"));
                check(tc(hosts.b, "qdisc", "del", "dev", link(hosts, "b"), "root"));

                // a link that goes down for 1.5 s (less than the peer timeout) under a stream of calls and comes back
                client.send("calls 2 20000");
                Thread.sleep(200);
                check(Netns.ip("-n", hosts.a, "link", "set", serverLink, "down"));
                Thread.sleep(1500);
                check(Netns.ip("-n", hosts.a, "link", "set", serverLink, "up"));
                String flapped = client.awaitLine("CALLS", WAIT);
                LedgerCalls.Batch f = LedgerCalls.check(flapped, 40_000, runs, client, TEST);
                runs = f.runs();
                assertTrue(f.maxMs() >= 1000,
                        "calls were in flight while the link was down: " + flapped);

                // a link that goes down for good under a call: the call fails within the peer timeout
                client.send("slow 30000");
                assertNotNull(client.awaitLine("SLOW-STARTED", WAIT), client.output());
                Thread.sleep(500);
                check(Netns.ip("-n", hosts.a, "link", "set", serverLink, "down"));
                String slow = client.awaitLine("SLOW ", WAIT);
                System.out.println("LinkFaultsTest: " + slow);
                Matcher m = Pattern.compile("SLOW failed (\\w+) (\\d+)").matcher(slow);
                assertTrue(m.matches(), slow + "\n" + client.output());
                long ms = Long.parseLong(m.group(2));
                assertTrue(ms < 12_000, "a dead link fails a call within the peer timeout (4 s) and its checks: "
                        + slow);
            }
        }
    }

    /** The veth device of {@code side} ("a" or "b") of {@code hosts}. */
    static String link(Netns.Pair hosts, String side) throws IOException, InterruptedException {
        String ns = side.equals("a") ? hosts.a : hosts.b;
        String out = run(List.of("ip", "-n", ns, "-o", "link", "show", "type", "veth"));
        Matcher m = Pattern.compile("^\\d+: ([^:@]+)").matcher(out);
        assertTrue(m.find(), out);
        return m.group(1);
    }

    private static String tc(String ns, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns, "tc"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "tc timed out";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.exitValue() == 0 ? null : String.join(" ", cmd) + ": " + out;
    }

    private static long dropped(String ns, String dev) throws IOException, InterruptedException {
        Matcher m = Pattern.compile("dropped (\\d+)").matcher(run(List.of("ip", "netns", "exec", ns, "tc", "-s",
                "qdisc", "show", "dev", dev)));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    private static String qdiscs(Netns.Pair hosts) throws IOException, InterruptedException {
        return run(List.of("ip", "netns", "exec", hosts.a, "tc", "-s", "qdisc"))
                + run(List.of("ip", "netns", "exec", hosts.b, "tc", "-s", "qdisc"));
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd + " timed out");
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
