package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.rows.Rows;
import io.mobula.repmi.rows.RowsRoot;
import io.mobula.repmi.stack.Stack;
import io.mobula.repmi.stack.StackRoot;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Flow control in bytes (docs/REPMI.md, "Flow control"): the sequencer holds a writer back while a replica lags more
 * than its byte budget behind the order, not only a window of writes, and a write larger than the budget goes alone;
 * a writer's writes on their way are bounded in bytes ({@link WriteBudget}); and a replica the sequencer failed to
 * send to once is not dropped for good: later writes reach it, and it can fetch the one it missed.
 */
class FlowControlTest {
    // the stand-in replicas take pool ranks 40 to 42, which no other test of this JVM uses (they end marked lost)

    /** How long a write that is held back is watched not to go. */
    private static final long HELD_MS = 300;

    @BeforeAll
    static void pool() throws Exception {
        TestPool.get();
    }

    /**
     * Stands in for the replica at pool rank {@code rank}: records the numbers of the writes it is sent (with their
     * payload, or their order alone), failing the first {@code failures} sends with a RemoteException.
     */
    private static ReplicaPort replica(List<Long> got, int failures) {
        AtomicInteger sends = new AtomicInteger();
        return (ReplicaPort) java.lang.reflect.Proxy.newProxyInstance(FlowControlTest.class.getClassLoader(),
                new Class<?>[] {ReplicaPort.class}, (proxy, method, args) -> {
                    if (method.getName().equals("deliver") || method.getName().equals("order")) {
                        if (sends.getAndIncrement() < failures) {
                            throw new RemoteException("refused by the test");
                        }
                        got.add(((RepmiMessages.Deliver) args[0]).seq());
                    }
                    return null; // payloads published to it, progress: nothing
                });
    }

    /** Makes this process sequence for itself and the stand-in at {@code rank} from the next number on. */
    private static long sequenceFor(RepmiRuntime rt, int rank, ReplicaPort port) {
        rt.usePort(rank, port);
        long last = rt.sequencer.lastSequenced();
        rt.sequencer.restart(last, List.of(rt.pool.rank(), rank));
        return last;
    }

    /** This process sequences for itself alone again; the stand-in at {@code rank} is gone. */
    private static void alone(RepmiRuntime rt, int rank) {
        rt.failover.markLost(rank);
        rt.sequencer.restart(rt.sequencer.lastSequenced(), List.of(rt.pool.rank()));
        rt.forgetPort(rank);
    }

    @Test
    void aReplicaLaggingMoreThanItsByteBudgetHoldsWritesBack() throws Exception {
        Rows rows = Cloud.create(Rows.class, RowsRoot.class, "lagging-bytes", 8);
        RepmiRuntime rt = RepmiRuntime.get();
        int lagging = 40;
        List<Long> got = Collections.synchronizedList(new ArrayList<>());
        long last = sequenceFor(rt, lagging, replica(got, 0));
        try {
            long budget = Sequencer.MIN_WINDOW_BYTES; // the replica can hold 1 MiB behind the order (far fewer writes)
            rt.sequencer.onProgress(lagging, last, budget);
            int[] row = new int[150_000]; // about 600 KB a write
            rows.store(0, row);
            rows.store(1, row); // 600 KB behind: within the budget
            CompletableFuture<Object> third = async(() -> rows.store(2, row));
            Thread.sleep(HELD_MS);
            assertFalse(third.isDone(), "1.2 MB behind, more than the replica's budget: the third write waits");
            assertEquals(List.of(last + 1, last + 2), got);
            rt.sequencer.onProgress(lagging, last + 1, budget); // 600 KB behind again
            third.get(10, TimeUnit.SECONDS);
            assertEquals(List.of(last + 1, last + 2, last + 3), got);

            // a write larger than the budget goes alone, once the replica has taken in every write before it
            rt.sequencer.onProgress(lagging, last + 3, budget);
            rows.store(3, new int[1 << 19]); // 2 MiB
            CompletableFuture<Object> small = async(() -> rows.store(4, new int[] {4}));
            Thread.sleep(HELD_MS);
            assertFalse(small.isDone(), "2 MiB behind: the next write, however small, waits");
            rt.sequencer.onProgress(lagging, last + 4, budget);
            small.get(10, TimeUnit.SECONDS);
            assertEquals(5, rows.stored());
        } finally {
            alone(rt, lagging);
        }
    }

    @Test
    void aReplicaASendFailedToIsNotDroppedForGood() throws Exception {
        Stack s = Cloud.create(Stack.class, StackRoot.class, "send-failed");
        RepmiRuntime rt = RepmiRuntime.get();
        int flaky = 41;
        List<Long> got = Collections.synchronizedList(new ArrayList<>());
        long last = sequenceFor(rt, flaky, replica(got, 1));
        try {
            // it is no member this writer knows, so the sequencer sends it each write with its payload (deliver)
            s.push(1); // the send fails: reported to the pool, which has not declared it gone
            s.push(2);
            assertEquals(List.of(last + 2), got, "the next write reached it");
            assertFalse(rt.failover.isLost(flaky));
            // the gap (last + 1) makes it fetch the write it missed from the sequencer, with its payload
            List<RepmiMessages.Entry> missed = rt.sequencer.orders(last + 1, last + 1, -1);
            assertEquals(1, missed.size());
            assertEquals(last + 1, missed.get(0).header().seq());
            assertNotNull(missed.get(0).payload());
        } finally {
            alone(rt, flaky);
        }
        int member = 42;
        List<Long> orders = Collections.synchronizedList(new ArrayList<>());
        rt.delivery.addMember(member);
        last = sequenceFor(rt, member, replica(orders, 1));
        try {
            // a member: this writer sends it the payload itself, the sequencer only the order, which fails once
            s.push(3);
            s.push(4);
            assertEquals(List.of(last + 2), orders, "the next order reached it");
            assertFalse(rt.failover.isLost(member));
        } finally {
            alone(rt, member);
        }
        assertEquals(List.of(4, 3, 2, 1), List.of(s.pop(), s.pop(), s.pop(), s.pop()));
    }

    @Test
    void aWritersBytesOnTheirWayAreBoundedAndALargerWriteGoesAlone() throws Exception {
        WriteBudget b = new WriteBudget(8, 1000);
        assertTrue(b.acquire(600, 0));
        assertFalse(b.acquire(600, TimeUnit.MILLISECONDS.toNanos(20)), "1200 bytes would be on their way");
        assertTrue(b.acquire(400, 0), "1000 bytes fit");
        b.release(600);
        b.release(400);
        assertTrue(b.acquire(5000, 0), "a write larger than the budget goes when nothing else is on its way");
        CompletableFuture<Object> large = async(() -> take(b, 3000));
        awaitWaiting(b, 1);
        CompletableFuture<Object> small = async(() -> take(b, 10));
        awaitWaiting(b, 2);
        assertFalse(large.isDone());
        assertFalse(small.isDone(), "a small write waits behind the large one that came first");
        b.release(5000);
        assertEquals(true, large.get(10, TimeUnit.SECONDS), "the large write goes alone");
        assertFalse(small.isDone(), "3010 bytes would be on their way");
        b.release(3000);
        assertEquals(true, small.get(10, TimeUnit.SECONDS));
    }

    /** A call of its own, on a thread of its own (the common pool may have one thread on a small machine). */
    private interface Call {
        Object call() throws Exception;
    }

    private static CompletableFuture<Object> async(Call call) {
        CompletableFuture<Object> f = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                f.complete(call.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f;
    }

    private static CompletableFuture<Object> async(Runnable r) {
        return async(() -> {
            r.run();
            return null;
        });
    }

    /** Waits (bounded) until {@code n} writers wait for room in {@code b}. */
    private static void awaitWaiting(WriteBudget b, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (b.waiting() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(n, b.waiting());
    }

    private static boolean take(WriteBudget b, long size) {
        try {
            return b.acquire(size, TimeUnit.SECONDS.toNanos(20));
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
