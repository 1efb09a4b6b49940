package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.repmi.stack.Stack_MobulaCloudSkeleton;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A fail-over may sequence one write twice (its writer submits it again while a copy is still on its way); the
 * replicas run only the first copy, named by writer and call number, and drop a copy of a call below the writer's
 * floor. Here the copies are handed to the sequencer directly, as a writer of another process (rank 7) would.
 */
class SecondCopyTest {
    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    @Test
    void aWriteSequencedTwiceRunsOnce() {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "second-copy");
        RepmiRuntime rt = RepmiRuntime.get();
        long cloud = rt.byName("second-copy").id;
        byte[] five = rt.encode(new Stack_MobulaCloudSkeleton.P0_push(5), () -> "a push");
        byte[] six = rt.encode(new Stack_MobulaCloudSkeleton.P0_push(6), () -> "a push");
        rt.sequencer.onSubmit(new RepmiMessages.Submit(7, 1, 1, cloud, 0), five);
        rt.sequencer.onSubmit(new RepmiMessages.Submit(7, 1, 1, cloud, 0), five); // the same write again
        rt.sequencer.onSubmit(new RepmiMessages.Submit(7, 3, 3, cloud, 0), six); // writer 7 settled calls 1 and 2
        rt.sequencer.onSubmit(new RepmiMessages.Submit(7, 2, 2, cloud, 0), six); // a late copy of a settled call
        rt.sequencer.onSubmit(new RepmiMessages.Submit(7, 3, 3, cloud, 0), six);
        s.push(9); // applied after every write sequenced before it
        assertEquals(3, s.size(), "5, 6 and 9, each once");
        assertEquals(9, s.pop());
        assertEquals(6, s.pop());
        assertEquals(5, s.pop());
    }

    @Test
    void theTableKeepsOnlyCallsAtOrAboveEachWritersFloor() {
        WriteIds ids = new WriteIds();
        assertEquals(true, ids.first(1, 4, 4));
        assertEquals(true, ids.first(1, 6, 4)); // two writes on their way
        assertEquals(true, ids.first(1, 5, 4));
        assertEquals(false, ids.first(1, 6, 4));
        assertEquals(true, ids.first(2, 6, 1), "another writer's call 6");
        assertEquals(true, ids.first(1, 7, 7));
        assertEquals(false, ids.first(1, 5, 7), "below the floor");
        assertEquals(true, ids.first(-1, 0, 0), "a no-op slot");
        assertEquals(true, ids.first(-1, 0, 0));
        long[][] rows = ids.export();
        WriteIds copy = new WriteIds();
        copy.restore(rows);
        assertEquals(false, copy.first(1, 7, 7), "the joiner's table drops what the others' do");
        assertEquals(false, copy.first(2, 6, 1));
        assertEquals(true, copy.first(2, 8, 1));
        java.util.Map<Long, long[]> byWriter = new java.util.HashMap<>();
        for (long[] r : rows) {
            byWriter.put(r[0], r);
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(new long[] {1, 7, 7}, byWriter.get(1L), "floor 7, call 7");
    }
}
