package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.repmi.stack.Stack_MobulaCloudSkeleton;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A replica that takes in several writes at once (a joiner draining what arrived before its snapshot, or any replica
 * behind a long write) starts each write's thread before the earlier ones have run. A write to a cloud whose creation
 * is among those earlier writes must find the cloud when its turn comes, not when its thread starts: otherwise it
 * fails on this replica only, and the replicas differ from then on.
 */
class BacklogDrainTest {
    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    @Test
    void aWriteTakenInBeforeItsCloudsCreationRanIsAppliedAfterIt() throws Exception {
        Stack gate = Cloud.create(Stack.class, StackRoot.class, "backlog-gate");
        RepmiRuntime rt = RepmiRuntime.get();
        Object gateRoot = rt.byName("backlog-gate").root;
        Thread writer;
        synchronized (gateRoot) {
            // this write gets the turn and then blocks on the root's monitor, so nothing after it can run
            writer = Thread.ofPlatform().start(() -> gate.push(1));
            await(() -> rt.scheduler.pending() == 1, "the gate's write to be taken in");
            long created = rt.sequencer.lastSequenced() + 1; // a cloud's id is the number of its creation
            rt.sequencer.onSubmit(new RepmiMessages.Submit(0, Long.MAX_VALUE - 1, 0, 0, RepmiMessages.CREATE),
                    rt.encode(new RepmiMessages.Create(StackRoot.class.getName(), Stack.class.getName(), "backlog",
                            new Object[0]), () -> "a creation"));
            rt.sequencer.onSubmit(new RepmiMessages.Submit(0, Long.MAX_VALUE - 2, 0, created, 0),
                    rt.encode(new Stack_MobulaCloudSkeleton.P0_push(7), () -> "a push"));
            await(() -> rt.scheduler.pending() == 3, "the creation and the push to be taken in behind the gate");
            Thread.sleep(200); // their threads have started and wait for their turn
        }
        writer.join(20_000);
        await(() -> rt.scheduler.pending() == 0, "every write to run");
        Stack s = Cloud.lookup("backlog", Stack.class);
        assertEquals(1, s.size(), "the push ran on the cloud its turn found");
        assertEquals(7, s.top());
        assertEquals(1, gate.top());
    }

    private static void await(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "waited 20 s for " + what);
            Thread.sleep(5);
        }
    }
}
