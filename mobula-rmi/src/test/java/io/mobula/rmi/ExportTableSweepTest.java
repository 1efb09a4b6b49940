package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.exceptions.Thrower;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sweep that unexports objects the garbage collector took runs in time linear in the table: a server that hands
 * out many remote objects (one per call) and sees them dropped all at once must not stall on its export table.
 */
class ExportTableSweepTest {

    private static final class Impl implements Thrower {
        @Override
        public void raise(String kind) {
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSweepUnexportsOneHundredThousandCollectedObjectsQuickly() throws Exception {
        ExportTable table = new ExportTable(1); // a 1 ns lease: the grace period after export is over at once
        int n = 100_000;
        WeakReference<Object> first = null;
        WeakReference<Object> last = null;
        for (int i = 0; i < n; i++) {
            Impl impl = new Impl();
            table.exportNew(impl, table.newId(), 1L, List.of(), null, false);
            last = new WeakReference<>(impl);
            if (first == null) {
                first = last;
            }
        }
        assertEquals(n, table.size());
        table.sweep(); // no lease, no grace, not pinned: held weakly from now on
        assertEquals(n, table.size());
        // a whole collection, at least once: a young collection alone clears the last object (young) but not the
        // first ones, which earlier collections moved to the old generation
        for (int i = 0; i < 50 && (i == 0 || first.get() != null || last.get() != null); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(first.get(), "the first object was collected");
        assertNull(last.get(), "the last object was collected");
        // the collector clears the references at once, but the JDK's reference handler thread queues them for the
        // table afterwards: sweep until every entry is gone (bounded), timing only the sweeps themselves (a sweep
        // also removes an entry whose reference is cleared but not yet queued)
        long sweeping = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (table.size() > 0 && System.nanoTime() - deadline < 0) {
            long t0 = System.nanoTime();
            table.sweep();
            sweeping += System.nanoTime() - t0;
            if (table.size() > 0) {
                Thread.sleep(10);
            }
        }
        long millis = sweeping / 1_000_000;
        assertEquals(0, table.size(), "entries of collected objects left after 30 s of sweeps");
        assertTrue(millis < 2_000, "sweeping " + n + " collected objects took " + millis + " ms");
    }
}
