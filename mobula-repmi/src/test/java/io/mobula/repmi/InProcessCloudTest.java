package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A replicated stack in a pool of one process: creation, writes through the sequencer, local reads. */
class InProcessCloudTest {
    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    @Test
    void theThesisStack() {
        Stack s = (Stack) Cloud.create(StackRoot.class, "stack1");
        s.push(42);
        s.push(43);
        assertEquals(43, s.top());
        assertEquals(2, s.size());
        assertEquals(43, s.pop());
        assertEquals(42, s.pop());
        IllegalStateException e = assertThrows(IllegalStateException.class, s::pop);
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        Stack s2 = Cloud.create(Stack.class, StackRoot.class, "stack2", 5);
        assertEquals(5, s2.top());
        Stack again = Cloud.lookup("stack2", Stack.class);
        assertNotSame(s2, again);
        again.push(6);
        assertEquals(6, s2.top(), "two references, one cloud");
    }

    @Test
    void aReplicationReferenceTravelsAsTheCloudsName() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "travels", 3);
        io.mobula.serial.Serialization ser = io.mobula.rmi.Rmi.serialization();
        Object back = ser.fromBytes(ser.toBytes(java.util.List.of(s)));
        Stack arrived = (Stack) ((java.util.List<?>) back).get(0);
        assertNotSame(s, arrived);
        assertEquals(3, arrived.top(), "the arriving reference reads this process's replica of the same cloud");
        arrived.push(4);
        assertEquals(4, s.top());
    }

    @Test
    void namesAreUniqueAndConstructorsChecked() {
        Cloud.create(StackRoot.class, "unique");
        CloudException e = assertThrows(CloudException.class, () -> Cloud.create(StackRoot.class, "unique"));
        assertTrue(e.getMessage().contains("exists"), e.getMessage());
        CloudException c = assertThrows(CloudException.class, () -> Cloud.create(StackRoot.class, "bad-ctor", "x"));
        assertTrue(c.getMessage().contains("constructor"), c.getMessage());
        assertThrows(CloudException.class, () -> Cloud.lookup("never-created", java.time.Duration.ofMillis(200)));
    }

    @Test
    void theSequencersOwnWritesRunOnTheWritingThread() {
        // this process is the sequencer: each write's turn comes while its writer submits it, and it is handed to
        // that thread rather than to a thread of its own that the writer would then wait for
        Stack s = (Stack) Cloud.create(StackRoot.class, "in-place");
        CloudCounters before = Cloud.counters();
        for (int i = 0; i < 100; i++) {
            s.push(i);
        }
        CloudCounters after = Cloud.counters();
        assertEquals(100, after.writes() - before.writes());
        assertEquals(0, after.writesHandedOff() - before.writesHandedOff(), "no write got a thread of its own");
        assertEquals(100, after.writesRunInPlace() - before.writesRunInPlace());
        assertEquals(100, after.ordersTakenByWriter() - before.ordersTakenByWriter());
        assertEquals(99, s.top());
    }

    @Test
    void concurrentWritersAreSerialized() throws Exception {
        Stack s = (Stack) Cloud.create(StackRoot.class, "concurrent");
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int base = 1000 * t;
            ts.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 50; i++) {
                    s.push(base + i);
                }
            }));
        }
        for (Thread t : ts) {
            t.join(30_000);
        }
        assertEquals(200, s.size());
        int sum = 0;
        while (s.size() > 0) {
            sum += s.pop();
        }
        assertEquals(4 * (49 * 50 / 2) + 50 * (0 + 1000 + 2000 + 3000), sum);
    }
}
