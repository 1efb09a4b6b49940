package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.repmi.stack.Stack_MobulaCloudSkeleton;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A write's order and its payload travel apart (the order from the sequencer, the payload from its writer) and may
 * arrive in either order: a replica holds an order until its payload comes, and everything after it waits too. Here
 * both are handed to this process's replica directly, as from writers of other processes (ranks 8 and 9).
 */
class OrderBeforePayloadTest {
    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    @Test
    void anOrderWaitsForItsPayloadAndWritesAfterItWaitToo() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "order-first");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("order-first").id;
        long seq = rt.sequencer.lastSequenced() + 1;
        rt.sequencer.restart(seq, List.of(rt.pool.rank())); // number seq is taken by the order below
        rt.delivery.onOrder(new RepmiMessages.Deliver(seq, rt.failover.epoch(), 8, 1, 1, cloud, 0));
        Thread later = Thread.ofPlatform().start(() -> s.push(9)); // ordered after it: waits for it
        Thread.sleep(100);
        assertEquals(0, s.size(), "nothing runs before the payload of the write ordered first");
        assertTrue(later.isAlive(), "the later write waits for the earlier one");
        rt.delivery.onPayload(new RepmiMessages.Submit(8, 1, 1, cloud, 0),
                rt.encode(new Stack_MobulaCloudSkeleton.P0_push(5), () -> "a push"));
        later.join(20_000);
        assertEquals(2, s.size(), "5, then 9");
        assertEquals(9, s.pop());
        assertEquals(5, s.pop());
    }

    @Test
    void aPayloadThatCameFirstWaitsForItsOrder() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "payload-first");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("payload-first").id;
        rt.delivery.onPayload(new RepmiMessages.Submit(9, 2, 2, cloud, 0),
                rt.encode(new Stack_MobulaCloudSkeleton.P0_push(6), () -> "a push"));
        s.push(1);
        assertEquals(1, s.size(), "a payload without its order is not applied");
        long seq = rt.sequencer.lastSequenced() + 1;
        rt.sequencer.restart(seq, List.of(rt.pool.rank()));
        rt.delivery.onOrder(new RepmiMessages.Deliver(seq, rt.failover.epoch(), 9, 2, 2, cloud, 0));
        s.push(2);
        assertEquals(List.of(2, 6, 1), List.of(s.pop(), s.pop(), s.pop()));
    }

    @Test
    void anOrderWhosePayloadDoesNotComeGetsItFromAnotherReplica() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "payload-fetched");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("payload-fetched").id;
        byte[] eleven = rt.encode(new Stack_MobulaCloudSkeleton.P0_push(11), () -> "a push");
        java.util.List<String> asked = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        int other = 5; // a replica that holds the payload: its writer (rank 10) died while sending it, say
        rt.usePort(other, (ReplicaPort) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ReplicaPort.class}, (proxy, method, args) -> {
                    if (method.getName().equals("payload")) {
                        asked.add(args[0] + ":" + args[1]);
                        return (int) args[0] == 10 && (long) args[1] == 4 ? eleven : null;
                    }
                    return null; // the writes of this test's process published to it: dropped
                }));
        rt.delivery.addMember(other);
        try {
            long fetchedBefore = Cloud.counters().payloadsFetched();
            long seq = rt.sequencer.lastSequenced() + 1;
            rt.sequencer.restart(seq, List.of(rt.pool.rank()));
            long start = System.nanoTime();
            rt.delivery.onOrder(new RepmiMessages.Deliver(seq, rt.failover.epoch(), 10, 4, 4, cloud, 0));
            s.push(12); // ordered after it: applied once the payload is in
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(List.of("10:4"), asked, "the payload was asked for once, from the replica holding it");
            assertTrue(ms >= Delivery.PAYLOAD_GRACE_MS, "asked only after the grace period: " + ms + " ms");
            assertEquals(fetchedBefore + 1, Cloud.counters().payloadsFetched());
            assertEquals(List.of(12, 11), List.of(s.pop(), s.pop()));
        } finally {
            rt.failover.markLost(other); // later writes of this process no longer publish to it
        }
    }
}
