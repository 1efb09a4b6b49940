package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.repmi.stack.Stack_MobulaCloudSkeleton;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A member that publishes payloads ({@link ReplicaPort#publish}) it never submits, so that no order ever comes for
 * them, cannot make a replica hold them without bound: at most {@link Delivery#HELD_PER_WRITER} in the name of each
 * process of the pool (this one included) and as many for all other writer ranks together. The replica's own writes
 * on their way are held all the same, so the cloud goes on taking writes; the payloads go once their writer is lost.
 * (Before the bound, every such payload was held for the life of the pool: across JVMs, 256 MiB of them ran a replica
 * with a 256 MiB heap out of memory, {@code ./mobula bench hostile}.)
 */
class HeldPayloadsTest {
    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    @Test
    void payloadsWithoutAnOrderAreBoundedPerWriterAndInAll() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "flooded");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("flooded").id;
        byte[] payload = rt.encode(new Stack_MobulaCloudSkeleton.P0_push(1), () -> "a push");
        int before = rt.delivery.heldPayloads();
        int max = Delivery.HELD_PER_WRITER;
        try {
            publish(rt, 12, cloud, max + 1000, payload); // no process of the pool: nobody will order its writes
            assertEquals(before + max, rt.delivery.heldPayloads(), "one writer's worth for writers outside the pool");
            for (int w = 20; w < 24; w++) {
                publish(rt, w, cloud, 100, payload);
            }
            assertEquals(before + max, rt.delivery.heldPayloads(), "the same for all of them together");
            int self = rt.pool.rank();
            publish(rt, self, cloud, max + 1000, payload); // in this process's own name, calls it never made
            assertTrue(rt.delivery.heldPayloads() <= before + 2 * max, rt.delivery.heldPayloads() + " held");
            s.push(7); // this process's own write: its payload is held although its writer's share is full
            assertEquals(7, s.pop(), "the cloud goes on taking writes");
        } finally {
            for (int w : new int[] {12, 20, 21, 22, 23, rt.pool.rank()}) {
                rt.delivery.writerLost(w);
            }
        }
        assertTrue(rt.delivery.heldPayloads() <= before, "a lost writer's payloads go");
    }

    private static void publish(RepmiRuntime rt, int writer, long cloud, int count, byte[] payload) {
        for (int i = 0; i < count; i++) {
            rt.delivery.onPayload(new RepmiMessages.Submit(writer, 1_000_000 + i, 0, cloud, 0), payload);
        }
    }
}
