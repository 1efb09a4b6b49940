package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PendingCallsTest {

    private static PendingCall call() {
        return new PendingCall(null, 0, 0, 0, null, null);
    }

    @Test
    void idsAreUniqueAndRemovalIsExact() {
        PendingCalls p = new PendingCalls();
        Set<Integer> ids = new HashSet<>();
        PendingCall[] calls = new PendingCall[100];
        for (int i = 0; i < calls.length; i++) {
            calls[i] = call();
            assertTrue(p.add(calls[i]));
            assertNotEquals(0, calls[i].callId);
            assertTrue(ids.add(calls[i].callId));
        }
        assertSame(calls[7], p.remove(calls[7].callId));
        assertNull(p.remove(calls[7].callId), "a reply for a settled call finds nothing");
        assertNull(p.remove(calls[8].callId + 4096), "a forged id sharing the slot finds nothing");
        assertSame(calls[8], p.remove(calls[8].callId));
    }

    @Test
    void fullTableRefusesAndDrainEmptiesIt() {
        PendingCalls p = new PendingCalls();
        for (int i = 0; i < 4096; i++) {
            assertTrue(p.add(call()));
        }
        assertFalse(p.add(call()), "every slot is taken");
        List<PendingCall> drained = p.drain();
        assertEquals(4096, drained.size());
        assertTrue(p.add(call()), "slots are free again after a drain");
    }

    @Test
    void drainFindsExactlyTheCallsStillPending() {
        PendingCalls p = new PendingCalls();
        assertEquals(List.of(), p.drain(), "a connection that never called");
        PendingCall settled = call();
        PendingCall open = call();
        assertTrue(p.add(settled));
        assertTrue(p.add(open));
        assertSame(settled, p.remove(settled.callId));
        assertEquals(List.of(open), p.drain());
        assertEquals(List.of(), p.drain(), "drained once");
        PendingCall later = call();
        assertTrue(p.add(later));
        assertEquals(List.of(later), p.drain(), "a call added after a drain is found by the next");
    }
}
