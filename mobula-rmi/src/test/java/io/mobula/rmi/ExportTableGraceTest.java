package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.exceptions.Thrower;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The grace period that keeps an object exported on the way while its reference travels ends once the receiver took
 * its lease: an object handed out and dropped by its receiver is released at once, not a lease later, and its entry
 * leaves the table with the next export. A server handing out one object per call (the soak's tickets) then keeps
 * only what its clients hold, not every object of the last lease (60 s by default).
 */
class ExportTableGraceTest {
    private static final long LEASE = TimeUnit.SECONDS.toNanos(60); // the default lease: far longer than the test
    private static final long PEER = 42;

    private static final class Impl implements Thrower {
        @Override
        public void raise(String kind) {
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void objectsSentAndReleasedByTheirReceiverLeaveTheTableWithoutWaitingForTheLease() throws Exception {
        ExportTable table = new ExportTable(LEASE);
        int n = 2_000;
        WeakReference<Object> probe = null;
        for (int i = 0; i < n; i++) {
            Impl impl = new Impl(); // the server keeps no reference: only the table holds it
            long id = table.newId();
            table.exportNew(impl, id, 1L, List.of(), null, false);
            table.sent(id);           // its reference goes out in a result
            table.dirty(id, PEER);    // the receiver takes its lease: the reference arrived
            table.clean(id, PEER);    // the receiver dropped its stub
            probe = new WeakReference<>(impl);
        }
        collect(probe);
        assertNull(probe.get(), "an object its only receiver released is collectable before its lease ran out");
        int expunged = 0;
        for (int i = 0; i < 100 && expunged < n; i++) { // the collector queues the keys shortly after it ran
            expunged += table.expunge().size(); // what every export does first (RmiRuntime.exportAs)
            Thread.sleep(expunged < n ? 10 : 0);
        }
        assertEquals(n, expunged, "entries of collected objects left the table");
        assertEquals(0, table.size());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aReferenceStillInFlightKeepsItsObject() throws Exception {
        ExportTable table = new ExportTable(LEASE);
        List<WeakReference<Object>> probes = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Impl impl = new Impl();
            long id = table.newId();
            table.exportNew(impl, id, 1L, List.of(), null, false);
            probes.add(new WeakReference<>(impl));
            ids.add(id);
        }
        // 0: exported, never sent: the grace from the export holds it
        // 1: sent to two peers; one took its lease and dropped it, the other's reference is still on its way
        table.sent(ids.get(1));
        table.sent(ids.get(1));
        table.dirty(ids.get(1), PEER);
        table.clean(ids.get(1), PEER);
        // 2: sent once, its receiver holds a lease
        table.sent(ids.get(2));
        table.dirty(ids.get(2), PEER + 1);
        table.sweep();
        collect(new WeakReference<>(new Object()));
        for (int i = 0; i < 3; i++) {
            assertNotNull(probes.get(i).get(), "object " + i + " was collected while it had to be kept");
            assertNotNull(table.find(ids.get(i)));
        }
        // the second receiver takes its lease and drops it: now nothing holds object 1
        table.dirty(ids.get(1), PEER + 1);
        table.clean(ids.get(1), PEER + 1);
        collect(probes.get(1));
        assertNull(probes.get(1).get());
        table.sweep();
        assertNull(table.find(ids.get(1)));
        assertTrue(probes.get(0).get() != null && probes.get(2).get() != null);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anObjectSentAgainAfterItsReceiverLetGoIsHeldUntilTheNewReferenceArrives() throws Exception {
        ExportTable table = new ExportTable(LEASE);
        Impl impl = new Impl();
        long id = table.newId();
        table.exportNew(impl, id, 1L, List.of(), null, false);
        table.sent(id);
        table.dirty(id, PEER);
        table.clean(id, PEER); // only weakly held now: the server's own reference keeps it
        table.sent(id);        // the server hands it out again, then drops it
        WeakReference<Object> probe = new WeakReference<>(impl);
        impl = null;
        collect(probe);
        assertNotNull(probe.get(), "an object whose reference is on its way was collected");
        table.dirty(id, PEER + 1); // it arrived
        table.clean(id, PEER + 1);
        collect(probe);
        assertNull(probe.get());
    }

    private static void collect(WeakReference<?> probe) throws InterruptedException {
        for (int i = 0; i < 50 && probe.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        System.gc();
    }
}
