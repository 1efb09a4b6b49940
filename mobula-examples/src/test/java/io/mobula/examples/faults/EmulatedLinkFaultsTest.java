package io.mobula.examples.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.examples.Netns;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Delay, jitter, reordering, duplication and random loss on the link between a client and a server, as the kernel's
 * netem makes them, but from a link emulator in user space ({@link EmulatedLink}) in a namespace between the two
 * hosts, so it runs on kernels without netem. TCP only, heartbeat 0.5 s and peer timeout 4 s, as in
 * {@link LinkFaultsTest}, with its checks on every batch of calls: each call answers with its own number (or the
 * CRC-32 of its own data) or fails with a RemoteException, the server runs no number twice, and it ran exactly the
 * calls that answered plus at most the ones that failed. Faults that TCP repairs must cost no call at all; a link
 * slower than the peer timeout must fail the call within a bound, and the next calls must be served once the link is
 * fast again. RepMI replicas and every GMI forwarding and reply scheme are checked behind such a link too. Needs root
 * and JDK 22+; skipped with a message elsewhere. The namespaces are always deleted.
 */
@Timeout(400)
class EmulatedLinkFaultsTest {
    private static final String TEST = "EmulatedLinkFaultsTest";
    private static final Duration WAIT = LedgerCalls.WAIT;

    @Test
    void delayReorderingDuplicationAndLoss() throws Exception {
        try (Netns.Middlebox hosts = Netns.Middlebox.createOrSkip("mobula-e", "10.77.7");
             EmulatedLink link = EmulatedLink.start(hosts, 20261127L)) {
            try (Ledgers ledgers = Ledgers.start(hosts.a, hosts.addressA, hosts.b, hosts.addressB)) {
                ChildJvm client = ledgers.client();
                long runs = LedgerCalls.counts(client)[0];

                // through the emulator with no fault: the numbers the faulty runs are compared with
                runs = LedgerCalls.expectAllAnswered(client, "calls 4 200", 800, runs, TEST).runs();

                // 100 ms each way, plus up to 20 ms of jitter (which reorders frames too): every call answers, none
                // faster than the round trip
                link.set("delayMs=100 jitterMs=20");
                LedgerCalls.Batch delayed = LedgerCalls.expectAllAnswered(client, "calls 4 10", 40, runs, TEST);
                runs = delayed.runs();
                assertTrue(delayed.maxMs() >= 200, "a call took at least the 200 ms round trip: " + delayed.line());
                runs = LedgerCalls.expectAllAnswered(client, "bulk 2 4 65536", 8, runs, TEST).runs();

                // reordering: a third of the frames overtake the ones delayed before them
                EmulatedLink.Stats before = link.stats();
                link.set("delayMs=10 jitterMs=5 reorder=0.3");
                runs = LedgerCalls.expectAllAnswered(client, "calls 4 50", 200, runs, TEST).runs();
                runs = LedgerCalls.expectAllAnswered(client, "bulk 4 8 65536", 32, runs, TEST).runs();
                EmulatedLink.Stats reordered = link.stats();
                assertTrue(reordered.reordered() > before.reordered(), "frames were reordered: " + reordered);

                // duplication: a fifth of the frames arrive twice
                link.set("delayMs=0 jitterMs=0 reorder=0 dup=0.2");
                runs = LedgerCalls.expectAllAnswered(client, "calls 4 200", 800, runs, TEST).runs();
                runs = LedgerCalls.expectAllAnswered(client, "bulk 4 8 65536", 32, runs, TEST).runs();
                EmulatedLink.Stats duplicated = link.stats();
                assertTrue(duplicated.duplicated() > reordered.duplicated(), "frames were duplicated: " + duplicated);

                // all of it at once, with 2 % of the frames lost at random
                link.set("delayMs=5 jitterMs=10 reorder=0.1 dup=0.05 loss=0.02");
                runs = LedgerCalls.expectAllAnswered(client, "calls 4 100", 400, runs, TEST).runs();
                runs = LedgerCalls.expectAllAnswered(client, "bulk 2 8 65536", 16, runs, TEST).runs();
                EmulatedLink.Stats lossy = link.stats();
                assertTrue(lossy.dropped() > duplicated.dropped(), "frames were lost: " + lossy);

                // a link slower than the peer timeout (6 s each way against 4 s): the call fails within the peer
                // timeout and its checks instead of waiting for the answer
                link.set("delayMs=6000 jitterMs=0 reorder=0 dup=0 loss=0");
                client.send("slow 0");
                assertNotNull(client.awaitLine("SLOW-STARTED", WAIT), client.output());
                String slow = client.awaitLine("SLOW ", WAIT);
                System.out.println(TEST + ": " + slow);
                Matcher m = Pattern.compile("SLOW failed (\\w+) (\\d+)").matcher(String.valueOf(slow));
                assertTrue(m.matches(), "a call on a link slower than the peer timeout fails: " + slow + "\n"
                        + client.output());
                assertTrue(Long.parseLong(m.group(2)) < 12_000,
                        "it fails within the peer timeout (4 s) and its checks: " + slow);

                // the link is fast again: once the frames still on it are gone, calls are served again, and the
                // failed call ran at most once
                link.set("delayMs=0");
                Thread.sleep(7_000);
                long settled = LedgerCalls.counts(client)[0];
                assertTrue(settled - runs <= 1, "the failed call ran at most once: " + (settled - runs));
                LedgerCalls.expectAllAnswered(client, "calls 4 100", 400, settled, TEST);
                System.out.println(TEST + ": " + link.stats());
            }
        }
    }

    /** The faults of the link the group tests put rank 2 behind. */
    private static final String GROUP_LINK = "delayMs=3 jitterMs=4 reorder=0.1 dup=0.1 loss=0.01";

    /** What a pool run behind a faulty link left: rank 0's expected line and what the link did. */
    private record PoolRun(String line, EmulatedLink.Stats stats) {
    }

    /**
     * Runs {@code main args} on a pool of three, the coordinator and ranks 0 and 1 on one host and rank 2 behind a
     * link with {@link #GROUP_LINK}; every rank must exit 0. Returns rank 0's line that starts with {@code line}.
     */
    private static PoolRun behindAFaultyLink(String prefix, String subnet, long seed, String pool, Class<?> main,
                                             String line, String... args) throws Exception {
        try (Netns.Middlebox hosts = Netns.Middlebox.createOrSkip(prefix, subnet);
             EmulatedLink link = EmulatedLink.start(hosts, seed);
             ChildJvm server = PartitionTest.poolServer(hosts.a, hosts.addressA)) {
            link.set(GROUP_LINK);
            List<ChildJvm> ranks = PartitionTest.ranks(hosts.a, hosts.addressA, hosts.b, hosts.addressB,
                    server.awaitLine("pool server listening on mobula://", WAIT), pool, main, args);
            try {
                for (int r = 0; r < 3; r++) {
                    assertEquals(0, ranks.get(r).waitFor(Duration.ofSeconds(240)),
                            "rank " + r + ":\n" + ranks.get(r).output());
                }
                PoolRun run = new PoolRun(ranks.get(0).awaitLine(line, Duration.ofSeconds(5)), link.stats());
                System.out.println(TEST + ": " + run.line() + "; " + run.stats());
                assertNotNull(run.line(), ranks.get(0).output());
                return run;
            } finally {
                for (ChildJvm c : ranks) {
                    c.close();
                }
            }
        }
    }

    /**
     * RepMI replicas never diverge over a faulty link: ranks 0 and 1 (and the pool coordinator) on one host, rank 2
     * behind a link that delays, reorders, duplicates and loses frames; all three push to one replicated stack, then
     * compare. Every rank's replica must hold every push once, and all must be equal.
     */
    @Test
    void replicasAgreeOverAFaultyLink() throws Exception {
        int writes = 300;
        PoolRun run = behindAFaultyLink("mobula-q", "10.77.8", 27112026L, "emulated",
                io.mobula.examples.repmi.PartitionMain.class, "[partition] survivors agree",
                Integer.toString(writes), "3");
        assertTrue(run.line().startsWith("[partition] survivors agree: " + 3 * writes + " values;"),
                "all three replicas hold the " + 3 * writes + " pushes: " + run.line());
        assertTrue(run.stats().dropped() > 0 && run.stats().duplicated() > 0 && run.stats().reordered() > 0,
                "the link lost, duplicated and reordered frames: " + run.stats());
    }

    /**
     * GMI over a faulty link: the self-checking program of every row of the thesis's Table 5.1 (forwarding and reply
     * schemes), with rank 2 behind a link that delays, reorders, duplicates and loses frames. Every row must give
     * its expected result.
     */
    @Test
    void groupInvocationsOverAFaultyLink() throws Exception {
        PoolRun run = behindAFaultyLink("mobula-j", "10.77.9", 11272026L, "emulated-gmi",
                io.mobula.examples.gmi.Table51.class, "[gmi] table 5.1: all");
        assertTrue(run.line().contains("rows verified"), run.line());
        assertTrue(run.stats().frames() > 0, "rank 2's traffic went through the link: " + run.stats());
    }
}
