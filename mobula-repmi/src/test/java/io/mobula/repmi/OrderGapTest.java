package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.repmi.stack.Stack_MobulaCloudSkeleton;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Orders that a relay took with it (docs/REPMI.md, "Not done yet" before the relay tree): this process's replica is
 * made a replica below a relay, with the sequencer at pool rank 6 (a stand-in that answers {@link ReplicaPort#orders}
 * from a list), and is handed orders as from its relay. A gap in the numbers is filled from the sequencer after
 * {@link Delivery#GAP_GRACE_MS}; the orders after the last one that came are fetched at once when a process dies,
 * naming it so the sequencer routes no later order through it. Each writes in the fetched order.
 */
class OrderGapTest {
    private static final int SEQUENCER = 6;

    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    /** The sequencer's stand-in: answers orders(from, to, lost) with {@code entries} between from and to. */
    private static ReplicaPort sequencer(List<RepmiMessages.Entry> entries, List<String> asked) {
        return (ReplicaPort) java.lang.reflect.Proxy.newProxyInstance(OrderGapTest.class.getClassLoader(),
                new Class<?>[] {ReplicaPort.class}, (proxy, method, args) -> {
                    if (method.getName().equals("orders")) {
                        long from = (long) args[0];
                        long to = (long) args[1];
                        asked.add(from + ".." + (to == Long.MAX_VALUE ? "last" : Long.toString(to)) + " lost "
                                + args[2]);
                        List<RepmiMessages.Entry> out = new ArrayList<>();
                        for (RepmiMessages.Entry e : entries) {
                            if (e.header().seq() >= from && e.header().seq() <= to) {
                                out.add(e);
                            }
                        }
                        return out;
                    }
                    return null; // progress reports, payloads: nothing
                });
    }

    /** Waits (bounded) until {@code s} holds {@code size} values. */
    private static void awaitSize(Stack s, int size) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (s.size() < size && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(size, s.size());
    }

    /** Makes pool rank 6 the sequencer from {@code seq} on; returns the epoch. */
    private static int sequencerAt6(RepmiRuntime rt, List<RepmiMessages.Entry> entries, List<String> asked,
            long seq) {
        rt.usePort(SEQUENCER, sequencer(entries, asked));
        int epoch = rt.failover.epoch() + 1;
        rt.failover.resume(epoch, SEQUENCER, seq - 1);
        return epoch;
    }

    /** This process sequences again, after {@code last}. */
    private static void sequencerHere(RepmiRuntime rt, long last) {
        rt.sequencer.restart(last, List.of(rt.pool.rank()));
        rt.failover.resume(rt.failover.epoch() + 1, rt.pool.rank(), last);
        rt.forgetPort(SEQUENCER);
    }

    @Test
    void aGapInTheOrderIsFilledFromTheSequencer() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "gap");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("gap").id;
        long seq = rt.sequencer.lastSequenced() + 1;
        List<RepmiMessages.Entry> entries = new ArrayList<>();
        List<String> asked = Collections.synchronizedList(new ArrayList<>());
        int epoch = sequencerAt6(rt, entries, asked, seq);
        try {
            // write seq (a push of 13 by rank 12) went to a relay that died before it forwarded it; seq + 1 came
            entries.add(new RepmiMessages.Entry(new RepmiMessages.Deliver(seq, epoch, 12, 1, 1, cloud, 0),
                    rt.encode(new Stack_MobulaCloudSkeleton.P0_push(13), () -> "a push")));
            long fetchedBefore = Cloud.counters().ordersFetched();
            long start = System.nanoTime();
            rt.delivery.onPayload(new RepmiMessages.Submit(12, 2, 2, cloud, 0),
                    rt.encode(new Stack_MobulaCloudSkeleton.P0_push(14), () -> "a push"));
            rt.delivery.onOrder(new RepmiMessages.Deliver(seq + 1, epoch, 12, 2, 2, cloud, 0));
            Thread.sleep(50);
            assertEquals(0, s.size(), "nothing runs past the gap");
            awaitSize(s, 2);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(List.of(seq + ".." + seq + " lost -1"), asked, "the missing order, asked for once");
            assertTrue(ms >= Delivery.GAP_GRACE_MS, "asked only after the grace period: " + ms + " ms");
            assertEquals(fetchedBefore + 1, Cloud.counters().ordersFetched());
        } finally {
            sequencerHere(rt, seq + 1);
        }
        assertEquals(List.of(14, 13), List.of(s.pop(), s.pop()), "13 first, as ordered (pops are writes: this"
                + " process sequences again)");
    }

    @Test
    void theOrdersARelayTookWithItAreFetchedWhenItDies() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "relay-died");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("relay-died").id;
        long seq = rt.sequencer.lastSequenced() + 1;
        List<RepmiMessages.Entry> entries = new ArrayList<>();
        List<String> asked = Collections.synchronizedList(new ArrayList<>());
        int relay = 7;
        rt.delivery.addMember(relay);
        int epoch = sequencerAt6(rt, entries, asked, seq);
        try {
            // the last two writes (pushes 21, 22 by rank 13) went to relay 7, which died: no later order shows a gap
            for (int i = 0; i < 2; i++) {
                entries.add(new RepmiMessages.Entry(new RepmiMessages.Deliver(seq + i, epoch, 13, 1 + i, 1 + i, cloud,
                        0), rt.encode(new Stack_MobulaCloudSkeleton.P0_push(21 + i), () -> "a push")));
            }
            rt.failover.lost(relay, "killed by the test");
            awaitSize(s, 2);
            assertEquals(seq + "..last lost " + relay, asked.get(0), "every order after the last one held, at once,"
                    + " naming the dead relay");
            // asked again a few times (the sequencer may hear of the loss after this replica), from after the last
            // order held then
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (asked.size() < Delivery.CATCH_UP_TRIES && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(2 * Delivery.GAP_GRACE_MS);
            List<String> again = new ArrayList<>();
            for (int i = 1; i < Delivery.CATCH_UP_TRIES; i++) {
                again.add((seq + 2) + "..last lost " + relay);
            }
            assertEquals(again, asked.subList(1, asked.size()));
        } finally {
            sequencerHere(rt, seq + 1);
        }
        assertEquals(List.of(22, 21), List.of(s.pop(), s.pop()), "21 first, as ordered");
    }
}
