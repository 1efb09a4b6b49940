package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.spi.CloudClassInfo;
import io.mobula.repmi.spi.CloudHandle;
import io.mobula.repmi.spi.WriteRestart;
import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.repmi.stack.Stack_MobulaCloudStub;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A read that reaches a write is aborted and run again as a write (thesis 4.2.2, Figure 4.9). */
class ReadRestartTest {
    /** A root whose top() notifies: a write the classification did not see (as with a separately compiled class). */
    static final class NotifyingRoot extends StackRoot {
        @Override
        public synchronized int top() {
            cloudNotifyAll();
            return 7;
        }
    }

    @Test
    void aNotifyInAReadRestartsItAsAWrite() throws Throwable {
        NotifyingRoot root = new NotifyingRoot();
        List<Integer> writes = new ArrayList<>();
        CloudHandle h = new CloudHandle() {
            @Override
            public boolean isRead(int method) {
                return true; // the classification says read
            }

            @Override
            public Object root() {
                return root;
            }

            @Override
            public Object beginRead() {
                return CloudContext.set(new CloudContext.ReadFrame(new ReadWaits(), "test", 1_000_000_000L));
            }

            @Override
            public void endRead(Object token) {
                CloudContext.set((CloudContext.Frame) token);
            }

            @Override
            public Object write(int method, Object parameters) {
                writes.add(method);
                return 8; // what the write path returned
            }

            @Override
            public String describe() {
                return "test";
            }

            @Override
            public String name() {
                return "test";
            }
        };
        Stack s = new Stack_MobulaCloudStub(h);
        assertEquals(8, s.top(), "the read was aborted and the write's result returned");
        assertEquals(List.of(2), writes);
        assertEquals(null, CloudContext.current(), "the read mode is cleared after the restart");
    }

    @Test
    void waitAndNotifyOutsideClouds() {
        CloudContext.Frame old = CloudContext.set(new CloudContext.ReadFrame(new ReadWaits(), "test", 1_000_000_000L));
        try {
            NotifyingRoot r = new NotifyingRoot();
            WriteRestart w = assertThrows(WriteRestart.class, r::top);
            assertTrue(w.getMessage().contains("cloudNotifyAll"), w.getMessage());
        } finally {
            CloudContext.set(old);
        }
        assertEquals(7, new NotifyingRoot().top(), "outside a cloud a cloud object is a plain object");
    }

    @Test
    void aMethodSharingItsNameAndArityWithAWriteIsNoRead() {
        CloudClassInfo info = new CloudClassInfo() {
            @Override
            public Class<?> cloudClass() {
                return Object.class;
            }

            @Override
            public Set<String> writeMethods() {
                return Set.of("put(Ljava/lang/Object;)V", "add(I[J)V");
            }
        };
        assertFalse(Generated.isRead(info, "put(Ljava/lang/String;)V"), "erased generic override");
        assertTrue(Generated.isRead(info, "put(Ljava/lang/String;I)V"));
        assertFalse(Generated.isRead(info, "add(I[J)V"));
        assertTrue(Generated.isRead(info, "size()I"));
        assertEquals(3, Generated.arity("m(I[[Ljava/lang/String;J)V"));
        assertEquals(0, Generated.arity("m()V"));
    }
}
