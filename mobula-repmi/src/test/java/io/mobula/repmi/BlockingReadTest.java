package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.rows.Rows;
import io.mobula.repmi.rows.RowsRoot;
import io.mobula.repmi.spi.ReadAbort;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Blocking reads (thesis 4.2.2, Figure 4.16): a read that waits in cloudWait on the local replica until a write
 * notifies, without becoming a write; bounded by its timeout; settled when RepMI stops; beside blocking writes.
 */
class BlockingReadTest {
    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    /** Waits (bounded) until {@code n} reads wait on this process's replicas. */
    private static void awaitWaitingReads(ReadWaits waits, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (waits.waiting() != n) {
            assertTrue(System.nanoTime() < deadline, "reads waiting: " + waits.waiting() + ", not " + n);
            Thread.sleep(1);
        }
    }

    @Test
    void aReadWaitsForTheWriteThatStoresItsRowAndStaysARead() throws Exception {
        Rows rows = Cloud.create(Rows.class, RowsRoot.class, "blocking-rows", 4);
        ReadWaits waits = RepmiRuntime.get().readWaits;
        CompletableFuture<int[]> got = CompletableFuture.supplyAsync(() -> rows.retrieve(2),
                r -> Thread.ofVirtual().start(r));
        awaitWaitingReads(waits, 1);
        long writes = Cloud.counters().writes();
        rows.store(1, new int[] {1});
        assertFalse(got.isDone(), "row 1's notify wakes the read, which waits again for row 2");
        awaitWaitingReads(waits, 1);
        rows.store(2, new int[] {2, 2});
        assertArrayEquals(new int[] {2, 2}, got.get(10, TimeUnit.SECONDS));
        assertEquals(writes + 2, Cloud.counters().writes(), "the read was no write: only the two stores were");
        assertArrayEquals(new int[] {1}, rows.retrieve(1), "a row that is there: no wait");
        assertEquals(0, waits.waiting());
    }

    @Test
    void aReadThatIsNeverNotifiedEndsAtItsTimeoutWithAClearException() {
        Rows rows = Cloud.create(Rows.class, RowsRoot.class, "blocking-timeout", 2);
        long t0 = System.nanoTime();
        CloudException e = assertThrows(CloudException.class, () -> rows.retrieveWithin(1, 150));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(e.getMessage().contains("a read of cloud 'blocking-timeout' waited 150 ms in cloudWait on a"
                + " RowsRoot and no write notified it"), e.getMessage());
        assertTrue(ms >= 150 && ms < 5_000, ms + " ms"); // the method's catch (Exception) did not swallow it
        assertEquals(0, RepmiRuntime.get().readWaits.waiting());
    }

    @Test
    void blockingReadsAndABlockingWriteOnOneObjectBothWake() throws Exception {
        Rows rows = Cloud.create(Rows.class, RowsRoot.class, "blocking-mixed", 3);
        ReadWaits waits = RepmiRuntime.get().readWaits;
        CompletableFuture<int[]> taken = CompletableFuture.supplyAsync(() -> rows.take(0),
                r -> Thread.ofVirtual().start(r));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (RepmiRuntime.get().scheduler.blocked() != 1) { // the take is a write blocked in the scheduler
            assertTrue(System.nanoTime() < deadline, "the take did not block");
            Thread.sleep(1);
        }
        CompletableFuture<int[]> read = CompletableFuture.supplyAsync(() -> rows.retrieve(1),
                r -> Thread.ofVirtual().start(r));
        awaitWaitingReads(waits, 1);
        rows.store(1, new int[] {11});
        assertArrayEquals(new int[] {11}, read.get(10, TimeUnit.SECONDS));
        assertFalse(taken.isDone(), "the take woke, found no row 0 and waits again");
        rows.store(0, new int[] {10});
        assertArrayEquals(new int[] {10}, taken.get(10, TimeUnit.SECONDS));
        assertEquals(2, rows.stored());
        assertEquals(0, RepmiRuntime.get().scheduler.blocked());
        assertThrows(CloudException.class, () -> rows.retrieveWithin(0, 50), "the take removed row 0");
    }

    @Test
    void aWriteThatReachesATimedWaitFailsAlikeAndTheCloudGoesOn() {
        Rows rows = Cloud.create(Rows.class, RowsRoot.class, "blocking-timed-write", 2);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> rows.storeAfterATimedWait(0, new int[] {1}));
        assertTrue(e.getMessage().contains("cloudWait(timeoutMillis) in a write method"), e.getMessage());
        rows.store(1, new int[] {2});
        assertEquals(1, rows.stored());
    }

    @Test
    void stoppingSettlesAWaitingReadAndEveryLaterOne() throws Exception {
        ReadWaits waits = new ReadWaits(); // its own, so this process's RepMI goes on for the other tests
        RowsRoot o = new RowsRoot(1);
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            synchronized (o) {
                try {
                    waits.await(o, System.nanoTime() + TimeUnit.SECONDS.toNanos(60), TimeUnit.SECONDS.toNanos(60),
                            "c");
                    ended.complete(null);
                } catch (Throwable t) {
                    ended.complete(t);
                }
            }
        });
        awaitWaitingReads(waits, 1);
        long t0 = System.nanoTime();
        waits.stop(new CloudException("RepMI stopped in this process: test"));
        Throwable t = ended.get(10, TimeUnit.SECONDS);
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) < 5_000);
        assertTrue(t instanceof ReadAbort a && a.exception() instanceof CloudException
                && a.getMessage().contains("RepMI stopped in this process: test"), String.valueOf(t));
        synchronized (o) {
            assertThrows(ReadAbort.class, () -> waits.await(o, System.nanoTime() + 1_000_000_000L, 1_000_000_000L,
                    "c"));
        }
        assertThrows(IllegalMonitorStateException.class, () -> new ReadWaits().await(o, System.nanoTime()
                + 1_000_000_000L, 1_000_000_000L, "c"), "a wait needs the object's monitor");
    }
}
