package io.mobula.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link ProgressEngine} driven through a scripted byte source, without sockets: frame assembly from arbitrary
 * pieces, who delivers (the receive thread, a polling caller), what a throwable anywhere does (the receive lock is
 * released, the connection ends, waiting pollers return at once), work after the frame, delivery in place and idle
 * hand-off. {@link TransportConformanceTest} runs the same engine over every real transport.
 */
class ProgressEngineTest {

    private static final TransportOptions OPTIONS = TransportOptions.defaults();
    private static final long SECOND = 1_000_000_000L;

    private final Recorder recorder = new Recorder();
    private final List<ScriptedConnection> connections = new ArrayList<>();

    @AfterEach
    void closeAll() throws InterruptedException {
        for (ScriptedConnection c : connections) {
            c.close();
        }
        for (ScriptedConnection c : connections) {
            // every connection reports its end exactly once, and nothing was delivered out of order or concurrently
            long deadline = System.nanoTime() + 10 * SECOND;
            while (!recorder.closeCounts.containsKey(c) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, recorder.closeCounts.get(c).get(), "onClose once for " + c);
        }
        assertEquals(List.of(), recorder.violations);
    }

    private ScriptedConnection polling(TransportOptions options) {
        ScriptedConnection c = ScriptedConnection.polling(recorder, options);
        connections.add(c);
        return c;
    }

    private static byte[] payload(int size, int seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static boolean isReceiveThread(Thread t) {
        return t.getName().startsWith("mobula-scripted-recv");
    }

    @Test
    void framesCutAnywhereArriveWholeAndInOrder() throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        int big = 3 * FrameAssembly.INITIAL_RECEIVE_BUFFER + 7; // the receive buffer grows on the way
        byte[][] payloads = {payload(0, 1), payload(1, 2), payload(5, 3), payload(big, 4), payload(300, 5)};
        java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
        for (byte[] p : payloads) {
            wire.write(ScriptedConnection.frame(p));
        }
        byte[] bytes = wire.toByteArray();
        Random random = new Random(42);
        int[] pieces = new int[4000];
        for (int i = 0; i < pieces.length; i++) {
            pieces[i] = i < 40 ? 1 : 1 + random.nextInt(700); // the first prefixes byte by byte
        }
        c.feed(bytes, pieces);
        for (byte[] p : payloads) {
            assertArrayEquals(p, recorder.nextFrame().bytes());
        }
        assertEquals(payloads.length, c.stats().framesReceived());
        assertTrue(c.engine.receiveBufferGrowth() > 0, "the buffer grew for the large frame");
    }

    @Test
    void aPollingCallerDeliversOnItsOwnThreadWhileTheReceiveThreadStandsBy() throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        Thread me = Thread.currentThread();
        c.readers = t -> t == me; // only this caller can see the bytes: it must deliver them itself
        byte[] reply = payload(64, 7);
        c.feed(ScriptedConnection.frame(reply));
        assertTrue(c.receiveUntil(() -> !recorder.frames.isEmpty(), 10 * SECOND), "the reply arrived");
        assertSame(me, recorder.receiveThread(c), "the caller delivered its reply");
        assertArrayEquals(reply, recorder.nextFrame().bytes());

        c.readers = t -> true; // the caller left: the receive thread takes over again
        c.feed(ScriptedConnection.frame(payload(8, 8)));
        recorder.nextFrame();
        assertTrue(isReceiveThread(recorder.receiveThread(c)), "delivered by " + recorder.receiveThread(c));
    }

    @Test
    void aPollerGivesUpAfterItsWindowAndTheReceiveThreadDelivers() throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        long start = System.nanoTime();
        assertFalse(c.receiveUntil(() -> false, 2_000_000));
        assertTrue(System.nanoTime() - start < 5 * SECOND, "the window bounds the poll");
        c.feed(ScriptedConnection.frame(payload(3, 9)));
        recorder.nextFrame();
        assertTrue(isReceiveThread(recorder.receiveThread(c)));
    }

    @Test
    void aHandlerThrowingOnAPollerEndsTheConnectionAndReleasesTheLock() throws Exception {
        assertPollerHandlerFailure(new IllegalStateException("bad frame"));
        assertPollerHandlerFailure(new AssertionError("an Error"));
        assertPollerHandlerFailure(new Exception("a checked exception thrown sneakily"));
    }

    private void assertPollerHandlerFailure(Throwable thrown) throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        Thread me = Thread.currentThread();
        c.readers = t -> t == me;
        recorder.action = (conn, frame) -> sneakyThrow(thrown);
        try {
            c.feed(ScriptedConnection.frame(payload(10, 10)));
            long start = System.nanoTime();
            assertFalse(c.receiveUntil(() -> false, 30 * SECOND), "the failure ends the poll");
            assertTrue(System.nanoTime() - start < 10 * SECOND);
            // the receive thread reports the end: it needs the receive lock, so the poller released it
            Recorder.Closed closed = recorder.nextClosed(Duration.ofSeconds(10));
            assertSame(c, closed.connection());
            assertSame(thrown, closed.cause().getCause(), "the cause: " + closed.cause());
            assertFalse(c.isOpen());
            // and nobody spins on the dead connection: a new poll returns at once
            start = System.nanoTime();
            assertFalse(c.receiveUntil(() -> false, 30 * SECOND));
            assertTrue(System.nanoTime() - start < SECOND, "a poll of a closed connection returns at once");
        } finally {
            recorder.action = null;
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aHandlerThrowingOnOnePollerEndsThePollsOfTheOthers() throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        RuntimeException thrown = new RuntimeException("handler bug");
        recorder.action = (conn, frame) -> {
            throw thrown;
        };
        try {
            List<CompletableFuture<Boolean>> pollers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                pollers.add(CompletableFuture.supplyAsync(() -> c.receiveUntil(() -> false, 60 * SECOND)));
            }
            c.feed(ScriptedConnection.frame(payload(10, 11)));
            for (CompletableFuture<Boolean> p : pollers) {
                assertFalse(p.get(10, TimeUnit.SECONDS), "a poller of a failed connection returns false promptly");
            }
            Recorder.Closed closed = recorder.nextClosed(Duration.ofSeconds(10));
            assertSame(thrown, closed.cause().getCause());
        } finally {
            recorder.action = null;
        }
    }

    @Test
    void aHandlerThrowingOnTheReceiveThreadEndsTheConnection() throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        Error thrown = new StackOverflowError("handler bug");
        recorder.action = (conn, frame) -> {
            throw thrown;
        };
        try {
            c.feed(ScriptedConnection.frame(payload(10, 18)));
            Recorder.Closed closed = recorder.nextClosed(Duration.ofSeconds(10));
            assertSame(thrown, closed.cause().getCause());
            long start = System.nanoTime();
            assertFalse(c.receiveUntil(() -> false, 30 * SECOND));
            assertTrue(System.nanoTime() - start < SECOND, "a poll of a closed connection returns at once");
        } finally {
            recorder.action = null;
        }
    }

    @Test
    void badLengthAndCutFramesCloseWithTheirReason() throws Exception {
        ScriptedConnection c = polling(OPTIONS);
        c.feed(ByteBuffer.allocate(4).putInt(OPTIONS.maxFrameSize() + 1).array());
        IOException cause = recorder.nextClosed(Duration.ofSeconds(10)).cause();
        assertTrue(cause.getMessage().contains("protocol error"), cause.getMessage());

        ScriptedConnection d = polling(OPTIONS);
        byte[] f = ScriptedConnection.frame(payload(100, 12));
        d.feed(java.util.Arrays.copyOf(f, 50));
        d.endOfStream();
        assertInstanceOf(EOFException.class, recorder.nextClosed(Duration.ofSeconds(10)).cause());

        ScriptedConnection e = polling(OPTIONS);
        e.feed(f);
        e.endOfStream();
        recorder.nextFrame();
        assertNull(recorder.nextClosed(Duration.ofSeconds(10)).cause(), "an end at a frame boundary is orderly");
    }

    @Test
    void workAfterTheFrameRunsWithTheLockReleasedAndItsNestedPollDeliversTheNextFrame() throws Exception {
        // relief at its longest, so that no fresh receive thread takes the buffered frame from the busy one (on a
        // loaded machine the work can outlive the default relief time before its poll gets to the frame)
        ScriptedConnection c = polling(OPTIONS.withReceiverRelief(Duration.ofSeconds(10)));
        AtomicReference<Thread> frameThread = new AtomicReference<>();
        AtomicReference<Thread> workThread = new AtomicReference<>();
        AtomicBoolean nestedGotIt = new AtomicBoolean();
        AtomicInteger seen = new AtomicInteger();
        AtomicBoolean pollerRefused = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        recorder.action = (conn, frame) -> {
            int n = seen.incrementAndGet();
            if (n == 1) {
                frameThread.set(Thread.currentThread());
                assertTrue(conn.runAfterFrame(() -> {
                    workThread.set(Thread.currentThread());
                    // the work waits for the next frame, which the same thread delivers as a polling caller
                    nestedGotIt.set(conn.receiveUntil(() -> seen.get() >= 2, 10 * SECOND));
                    done.countDown();
                }), "the receive thread takes work");
            } else {
                // delivered by a poller (the receive thread inside its work): no work for it
                pollerRefused.set(!conn.runAfterFrame(() -> { }));
            }
        };
        try {
            // both frames in one piece: the second waits in the buffer while the first one's work runs
            java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
            wire.write(ScriptedConnection.frame(payload(20, 13)));
            wire.write(ScriptedConnection.frame(payload(20, 14)));
            c.feed(wire.toByteArray());
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertTrue(nestedGotIt.get(), "the nested poll delivered the buffered frame");
            assertSame(frameThread.get(), workThread.get(), "the work ran on the thread that delivered the frame");
            assertTrue(isReceiveThread(workThread.get()));
            assertTrue(pollerRefused.get(), "a polling caller is never given work");
        } finally {
            recorder.action = null;
        }
    }

    @Test
    void workThatOutlivesTheReliefTimeGetsAFreshReceiveThread() throws Exception {
        ScriptedConnection c = polling(OPTIONS.withReceiverRelief(Duration.ofMillis(1)));
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> blocked = new AtomicReference<>();
        recorder.action = (conn, frame) -> {
            if (frame.remaining() == 1) {
                blocked.set(Thread.currentThread());
                conn.runAfterFrame(() -> {
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            } else {
                recorder.frames.add(new Recorder.Frame(conn, new byte[frame.remaining()]));
            }
        };
        try {
            c.feed(ScriptedConnection.frame(new byte[1]));
            long deadline = System.nanoTime() + 10 * SECOND;
            while (c.engine.reliefs() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(1, c.engine.reliefs(), "a fresh receive thread took over");
            c.feed(ScriptedConnection.frame(new byte[2]));
            recorder.nextFrame(); // delivered while the first thread still blocks in its work
            assertNotSame(blocked.get(), recorder.receiveThread(c));
        } finally {
            release.countDown();
            recorder.action = null;
        }
    }

    @Test
    void framesHeldWholeAreDeliveredInPlaceAndGivenBackAfterTheHandler() throws Exception {
        ScriptedConnection c = ScriptedConnection.inPlace(recorder, OPTIONS);
        connections.add(c);
        List<Long> consumedDuring = new java.util.concurrent.CopyOnWriteArrayList<>();
        recorder.action = (conn, frame) -> {
            consumedDuring.add(c.consumed.get());
            byte[] copy = new byte[frame.remaining()];
            frame.get(frame.position(), copy);
            recorder.frames.add(new Recorder.Frame(conn, copy));
        };
        try {
            byte[] a = payload(40, 15);
            byte[] b = payload(1000, 16);
            c.feed(ScriptedConnection.frame(a));
            assertArrayEquals(a, recorder.nextFrame().bytes());
            c.feed(ScriptedConnection.frame(b));
            assertArrayEquals(b, recorder.nextFrame().bytes());
            long deadline = System.nanoTime() + 10 * SECOND;
            while (c.consumed.get() < 4 + a.length + 4 + b.length && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(4 + a.length + 4 + b.length, c.consumed.get(), "both frames given back");
            assertEquals(List.of(0L, 4L + a.length), consumedDuring, "given back only after the handler returned");
            assertEquals(0, c.engine.receiveBufferGrowth());
        } finally {
            recorder.action = null;
        }
    }

    @Test
    void anIdleConnectionHandsItsChannelOffAndResumesOnBytesAndOnClose() throws Exception {
        TransportOptions options = OPTIONS.withIdleReceiver(Duration.ofMillis(20));
        ScriptedConnection c = ScriptedConnection.idling(recorder, options);
        connections.add(c);
        awaitHibernated(c, 1);
        c.feed(ScriptedConnection.frame(payload(30, 17)));
        recorder.nextFrame(); // a fresh receive thread, started by IdleReceivers
        awaitHibernated(c, 2);
        // the end of the stream wakes the hibernated connection too, which reports it
        c.endOfStream();
        assertNull(recorder.nextClosed(Duration.ofSeconds(10)).cause());
        assertFalse(c.engine.hibernated());
    }

    private static void awaitHibernated(ScriptedConnection c, int times) throws InterruptedException {
        long deadline = System.nanoTime() + 10 * SECOND;
        while ((c.engine.hibernations() < times || !c.engine.hibernated()) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(c.engine.hibernated() && c.engine.hibernations() >= times,
                "hibernated " + c.engine.hibernations() + " times");
    }

    @Test
    void closingAHibernatedConnectionReportsItsEnd() throws Exception {
        ScriptedConnection c = ScriptedConnection.idling(recorder, OPTIONS.withIdleReceiver(Duration.ofMillis(20)));
        connections.add(c);
        awaitHibernated(c, 1);
        long start = System.nanoTime();
        c.close();
        assertNull(recorder.nextClosed(Duration.ofSeconds(10)).cause());
        assertTrue(System.nanoTime() - start < 5 * SECOND);
        assertFalse(c.receiveUntil(() -> false, 30 * SECOND), "a poll of a closed connection returns at once");
    }

    // ---- one waiting thread driving several connections (Progress) ----

    @Test
    void oneWaiterDeliversTheFramesOfSeveralConnectionsOnItsOwnThread() throws Exception {
        ScriptedConnection a = polling(OPTIONS);
        ScriptedConnection b = polling(OPTIONS);
        Thread me = Thread.currentThread();
        a.readers = t -> t == me;
        b.readers = t -> t == me;
        List<Thread> deliverers = new java.util.concurrent.CopyOnWriteArrayList<>();
        recorder.action = (conn, frame) -> {
            deliverers.add(Thread.currentThread());
            recorder.frames.add(new Recorder.Frame(conn, new byte[frame.remaining()]));
        };
        try {
            b.feed(ScriptedConnection.frame(payload(5, 19)));
            a.feed(ScriptedConnection.frame(payload(6, 20)));
            assertTrue(Progress.receiveUntil(List.of(a, b), () -> recorder.frames.size() >= 2, 10 * SECOND));
            assertEquals(List.of(me, me), deliverers, "both frames delivered by the waiting thread");
        } finally {
            recorder.action = null;
        }
    }

    /**
     * Receive threads that never give up waiting on their source ({@code idleReceiver} 0): the failure a polling
     * caller met still reaches the receive thread at once, which closes the connection (it waited for bytes for good).
     */
    @Test
    void aWaiterGoesOnWithTheOthersWhenOneConnectionFailsAndStopsWhenAllAreGone() throws Exception {
        TransportOptions neverIdle = OPTIONS.withIdleReceiver(Duration.ZERO);
        ScriptedConnection a = polling(neverIdle);
        ScriptedConnection b = polling(neverIdle);
        Thread me = Thread.currentThread();
        a.readers = t -> t == me;
        b.readers = t -> t == me;
        RuntimeException thrown = new RuntimeException("handler bug");
        AtomicBoolean aFailed = new AtomicBoolean();
        recorder.action = (conn, frame) -> {
            if (conn == a) {
                aFailed.set(true);
                throw thrown;
            }
            recorder.frames.add(new Recorder.Frame(conn, new byte[frame.remaining()]));
        };
        try {
            a.feed(ScriptedConnection.frame(payload(5, 21)));
            b.feed(ScriptedConnection.frame(payload(5, 22)));
            // until both: a look at a can find its receive thread holding the lock (it reads nothing, the bytes being
            // this thread's only), and b's frame may come first
            assertTrue(Progress.receiveUntil(List.of(a, b), () -> aFailed.get() && !recorder.frames.isEmpty(),
                    10 * SECOND), "the waiter went on with b after a failed, and b's frame arrived");
            Recorder.Closed closed = recorder.nextClosed(Duration.ofSeconds(10));
            assertSame(a, closed.connection());
            assertSame(thrown, closed.cause().getCause());
            assertTrue(a.wakeUps > 0, "the engine ended the wait on the failed source");
            b.close();
            recorder.nextClosed(Duration.ofSeconds(10));
            long start = System.nanoTime();
            assertFalse(Progress.receiveUntil(List.of(a, b), () -> false, 30 * SECOND));
            assertTrue(System.nanoTime() - start < SECOND, "nothing left to poll: the waiter returns at once");
        } finally {
            recorder.action = null;
        }
    }

    @Test
    void aWaiterPollsAtMostSixtyFourConnections() {
        List<Connection> many = java.util.Collections.nCopies(Progress.MAX_CONNECTIONS + 1, polling(OPTIONS));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Progress.receiveUntil(many, () -> true, 1));
    }
}
