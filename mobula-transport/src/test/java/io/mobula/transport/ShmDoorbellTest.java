package io.mobula.transport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared-memory doorbell: a side sleeping on an empty or full ring is woken by its peer's publication, not by a
 * timer. The transports here park for up to 10 s where they have no doorbell and give the doorbell a 30 s (or 2 s)
 * safety timeout, so a wake-up that relied on a timer, or a lost one, shows as a stall of seconds; the lost or late
 * wake-ups the safety timeout catches are counted ({@link ShmConnection#lateWakeups()}) and must stay 0.
 */
class ShmDoorbellTest {

    private static final long SLOW_PARK = 10_000_000_000L;

    /** Straight to sleep (no spin, no yield), parks of up to 10 s without doorbell, doorbell timeout as given. */
    private static Transport sleepy(int ringBytes, long bellTimeoutNanos) {
        return new ShmTransport(TransportOptions.defaults(), new ShmWait(0, 0, SLOW_PARK, bellTimeoutNanos), ringBytes);
    }

    private static ShmConnection shm(Connection c) {
        return assertInstanceOf(ShmConnection.class, c);
    }

    @Test
    void aReaderAsleepOnAnEmptyRingWakesAtOnce() throws Exception {
        try (Transport t = sleepy(1 << 16, 30_000_000_000L)) {
            int pings = 1000;
            long[] latency = new long[pings];
            CountDownLatch all = new CountDownLatch(pings);
            Recorder srv = new Recorder();
            srv.action = (c, f) -> {
                long now = System.nanoTime();
                int i = f.getInt(f.position());
                latency[i] = now - f.getLong(f.position() + 4);
                all.countDown();
            };
            Listener l = t.listen(Endpoint.shm(""), srv);
            ShmConnection c = shm(t.connect(l.endpoint(), new Recorder()));
            ShmConnection s = shm(srv.nextOpened());
            assertTrue(c.doorbells() && s.doorbells(), "both sides have their doorbells");
            ByteBuffer f = ByteBuffer.allocate(12);
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            for (int i = 0; i < pings; i++) {
                // long enough for the receive thread to fall asleep most of the time, short enough for 1000 of them
                LockSupport.parkNanos(rnd.nextLong(20_000, 1_000_000));
                f.clear();
                f.putInt(0, i).putLong(4, System.nanoTime());
                c.send(f);
            }
            assertTrue(all.await(20, TimeUnit.SECONDS), "every ping arrived: " + (pings - all.getCount()));
            long[] sorted = latency.clone();
            Arrays.sort(sorted);
            long p50 = sorted[pings / 2];
            long p99 = sorted[pings * 99 / 100];
            System.err.printf("doorbell wake-up latency over %d pings: p50 %d us, p99 %d us, max %d us; "
                    + "%d doorbell wake-ups%n", pings, p50 / 1000, p99 / 1000, sorted[pings - 1] / 1000,
                    s.bellWakeups());
            assertEquals(0, s.lateWakeups() + c.lateWakeups(), "wake-ups caught by the safety timeout");
            assertTrue(s.bellWakeups() > pings / 10, "the receive thread slept and was rung: " + s.bellWakeups());
            // no latency bound: on a loaded machine a scheduler delay is not a doorbell fault; the safety timeout is
            // 30 s here, so no late wake-up above proves every sleeping reader was rung (figures: docs/PERFORMANCE.md)
            assertEquals(List.of(), srv.violations);
        }
    }

    @Test
    void aWriterAsleepOnAFullRingWakesWhenTheReaderDrains() throws Exception {
        try (Transport t = sleepy(4096, 30_000_000_000L)) {
            CountDownLatch release = new CountDownLatch(1);
            Recorder srv = new Recorder();
            AtomicLong received = new AtomicLong();
            srv.action = (c, f) -> {
                try {
                    release.await(); // the first frame holds the receive thread: nobody empties the ring
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                received.addAndGet(f.remaining());
            };
            Listener l = t.listen(Endpoint.shm(""), srv);
            ShmConnection c = shm(t.connect(l.endpoint(), new Recorder()));
            int frames = 8;
            AtomicLong done = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread sender = Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; i < frames; i++) {
                        c.send(ByteBuffer.wrap(new byte[3000]));
                    }
                    done.set(System.nanoTime());
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            Thread.sleep(1500); // a timer-based waiter would now park for a second or more at a time
            assertEquals(0, done.get(), "the sender is held by the full ring");
            long t0 = System.nanoTime();
            release.countDown();
            sender.join(20_000);
            assertEquals(null, failure.get());
            long woke = done.get() - t0;
            assertTrue(done.get() != 0 && woke < 500_000_000L, "sender finished " + woke / 1000 + " us after the drain");
            assertTrue(c.bellWakeups() > 0, "the sender slept on the doorbell and was rung");
            assertEquals(0, c.lateWakeups() + shm(srv.nextOpened()).lateWakeups());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (received.get() < frames * 3000L && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(frames * 3000L, received.get());
        }
    }

    /**
     * Many connections ping-pong frames of mixed sizes (some larger than the ring, so writers wait for space too)
     * with random pauses on both sides, straight to sleep on every wait: every wake-up must come from the doorbell.
     */
    @Test
    void noWakeUpIsLostUnderRacingPingPongs() throws Exception {
        long lateBefore = ShmRing.lateWakeups();
        try (Transport t = sleepy(4096, 2_000_000_000L)) {
            Recorder srv = new Recorder();
            srv.action = (c, f) -> {
                pause(ThreadLocalRandom.current());
                c.send(f);
            };
            Listener l = t.listen(Endpoint.shm(""), srv);
            int pairs = 4;
            int rounds = 2500;
            List<ShmConnection> conns = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int p = 0; p < pairs; p++) {
                BlockingQueue<byte[]> replies = new ArrayBlockingQueue<>(4);
                Recorder cli = new Recorder();
                cli.action = (c, f) -> {
                    byte[] b = new byte[f.remaining()];
                    f.get(f.position(), b);
                    replies.add(b);
                };
                ShmConnection c = shm(t.connect(l.endpoint(), cli));
                conns.add(c);
                int seed = p;
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        ThreadLocalRandom rnd = ThreadLocalRandom.current();
                        for (int i = 0; i < rounds; i++) {
                            int size = rnd.nextInt(10) == 0 ? rnd.nextInt(4096, 20_000) : rnd.nextInt(1, 200);
                            byte[] b = TransportConformanceTest.pattern(seed * 100_000 + i, size);
                            pause(rnd);
                            c.send(ByteBuffer.wrap(b));
                            byte[] back = replies.poll(20, TimeUnit.SECONDS);
                            assertNotNull(back, "reply " + i + " of pair " + seed);
                            assertArrayEquals(b, back);
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }));
            }
            for (Thread th : threads) {
                th.join(120_000);
                assertTrue(!th.isAlive(), "ping-pong finished");
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            long late = 0;
            long rung = 0;
            for (ShmConnection c : conns) {
                late += c.lateWakeups();
                rung += c.bellWakeups();
            }
            for (int p = 0; p < pairs; p++) {
                ShmConnection s = shm(srv.nextOpened());
                late += s.lateWakeups();
                rung += s.bellWakeups();
            }
            System.err.printf("racing ping-pongs: %d doorbell wake-ups, %d late%n", rung, late);
            assertTrue(rung > pairs * rounds / 2, "the doorbells were used: " + rung);
            assertEquals(0, late, "wake-ups caught only by the safety timeout");
            assertEquals(lateBefore, ShmRing.lateWakeups());
            assertEquals(List.of(), srv.violations);
        }
    }

    /** Nothing, a few spins, a yield or a short park: lands on every point of the peer's sleep handshake. */
    private static void pause(ThreadLocalRandom rnd) {
        switch (rnd.nextInt(4)) {
            case 0 -> { }
            case 1 -> {
                for (int k = rnd.nextInt(200); k > 0; k--) {
                    Thread.onSpinWait();
                }
            }
            case 2 -> Thread.yield();
            default -> LockSupport.parkNanos(rnd.nextLong(1_000, 100_000));
        }
    }

    /**
     * The upgrade path ({@link SharedMemory}): the creator builds its connection before the peer has mapped the
     * segment, so it accepts the doorbells later; both sides must end up sleeping on them.
     */
    @Test
    void upgradedConnectionsGetTheirDoorbellsToo() throws Exception {
        BlockingQueue<byte[]> atCreator = new ArrayBlockingQueue<>(4);
        Recorder creatorSide = new Recorder();
        creatorSide.action = (c, f) -> {
            byte[] b = new byte[f.remaining()];
            f.get(f.position(), b);
            atCreator.add(b);
        };
        Recorder openerSide = new Recorder();
        echo(openerSide);
        try (SharedMemory.Segment created = SharedMemory.create()) {
            ShmConnection c = shm(created.connection(Endpoint.shm(created.name()), creatorSide,
                    TransportOptions.defaults()));
            assertTrue(!c.doorbells(), "no doorbell before the peer mapped the segment");
            try (SharedMemory.Segment opened = SharedMemory.open(created.name())) {
                assertTrue(!java.nio.file.Files.exists(Path.of(created.name() + ShmSegment.BELL_SUFFIX)),
                        "the doorbell's name is gone once the peer connected");
                ShmConnection o = shm(opened.connection(Endpoint.shm(created.name()), openerSide,
                        TransportOptions.defaults()));
                created.startReceiving();
                opened.startReceiving();
                ThreadLocalRandom rnd = ThreadLocalRandom.current();
                for (int i = 0; i < 200; i++) {
                    LockSupport.parkNanos(rnd.nextLong(100_000, 2_000_000)); // long enough for both to fall asleep
                    byte[] b = TransportConformanceTest.pattern(i, 1 + i);
                    c.send(ByteBuffer.wrap(b));
                    assertArrayEquals(b, atCreator.poll(10, TimeUnit.SECONDS));
                }
                assertTrue(c.doorbells() && o.doorbells(), "both sides have their doorbells");
                assertTrue(c.bellWakeups() > 0 && o.bellWakeups() > 0,
                        "both receive threads slept and were rung: " + c.bellWakeups() + ", " + o.bellWakeups());
                assertEquals(0, c.lateWakeups() + o.lateWakeups());
            }
            creatorSide.nextClosed(TransportConformanceTest.PROMPT);
        }
        openerSide.nextClosed(TransportConformanceTest.PROMPT);
        assertEquals(List.of(), creatorSide.violations);
        assertEquals(List.of(), openerSide.violations);
    }

    private static void echo(Recorder r) {
        r.action = (c, frame) -> c.send(frame);
    }

    @Test
    void aPeerClosingWakesASleepingReaderAtOnce() throws Exception {
        try (Transport t = sleepy(1 << 16, 30_000_000_000L)) {
            Recorder srv = new Recorder();
            Listener l = t.listen(Endpoint.shm(""), srv);
            Recorder cli = new Recorder();
            Connection c = t.connect(l.endpoint(), cli);
            Connection s = srv.nextOpened();
            c.send(ByteBuffer.wrap(new byte[] {1}));
            srv.nextFrame();
            Thread.sleep(300); // both receive threads asleep
            long t0 = System.nanoTime();
            c.close();
            Recorder.Closed closed = srv.nextClosed(TransportConformanceTest.PROMPT);
            assertEquals(s, closed.connection());
            assertEquals(null, closed.cause(), "an orderly end");
            cli.nextClosed(TransportConformanceTest.PROMPT);
            System.err.printf("peer close noticed after %d us%n", (System.nanoTime() - t0) / 1000);
        }
    }

    @Test
    void aLocalCloseWakesASleepingReaderAndAPeerCloseFailsASleepingWriter() throws Exception {
        try (Transport t = sleepy(4096, 30_000_000_000L)) {
            CountDownLatch release = new CountDownLatch(1);
            Recorder srv = new Recorder();
            srv.action = (c, f) -> {
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            Listener l = t.listen(Endpoint.shm(""), srv);
            Recorder cli = new Recorder();
            Connection c = t.connect(l.endpoint(), cli);
            Connection s = srv.nextOpened();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong failedAt = new AtomicLong();
            Thread sender = Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; i < 100; i++) {
                        c.send(ByteBuffer.wrap(new byte[3000]));
                    }
                } catch (Throwable e) {
                    failedAt.set(System.nanoTime());
                    failure.set(e);
                }
            });
            Thread.sleep(500); // the sender sleeps on the full ring, the client's receive thread on its empty one
            long t0 = System.nanoTime();
            s.close(); // the server's receive thread is held in onFrame: the close alone must wake the sender
            sender.join(5_000);
            assertInstanceOf(IOException.class, failure.get(), "the sender failed");
            assertTrue(failedAt.get() - t0 < 1_000_000_000L, "sender failed after "
                    + (failedAt.get() - t0) / 1000 + " us");
            Recorder.Closed closed = cli.nextClosed(TransportConformanceTest.PROMPT);
            assertEquals(c, closed.connection());
            release.countDown();
            srv.nextClosed(TransportConformanceTest.PROMPT);
        }
    }

    /** A peer process killed while this side sleeps on both rings: the doorbell's end of stream tells at once. */
    @Test
    void aKilledPeerWakesBothSleepersAtOnce() throws Exception {
        try (Transport t = sleepy(1 << 16, 30_000_000_000L)) {
            Recorder srv = new Recorder();
            Listener l = t.listen(Endpoint.shm(""), srv);
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    ShmDoorbellPeer.class.getName(), l.endpoint().path()).redirectErrorStream(true).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                        StandardCharsets.UTF_8));
                Connection s = srv.nextOpened();
                AtomicReference<Throwable> failure = new AtomicReference<>();
                AtomicLong failedAt = new AtomicLong();
                Thread sender = Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = 0; i < 1000; i++) {
                            s.send(ByteBuffer.wrap(new byte[3000])); // the peer never reads: the ring fills
                        }
                    } catch (Throwable e) {
                        failedAt.set(System.nanoTime());
                        failure.set(e);
                    }
                });
                String line = readLine(out, child);
                assertEquals("ready", line);
                Thread.sleep(500); // the sender sleeps on the full ring, the receive thread on its empty one
                assertTrue(sender.isAlive(), "the sender is held by the full ring");
                long t0 = System.nanoTime();
                child.destroyForcibly();
                assertTrue(child.waitFor(10, TimeUnit.SECONDS));
                sender.join(5_000);
                assertInstanceOf(IOException.class, failure.get(), "the sender failed");
                Recorder.Closed closed = srv.nextClosed(TransportConformanceTest.PROMPT);
                assertNotNull(closed.cause(), "the peer's death is a failure");
                long took = Math.max(failedAt.get(), System.nanoTime()) - t0;
                System.err.printf("killed peer noticed after %d us: %s / %s%n", took / 1000, failure.get(),
                        closed.cause());
                assertTrue(took < 2_000_000_000L, "the death was noticed after " + took / 1000 + " us");
            } finally {
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static String readLine(BufferedReader out, Process child) throws Exception {
        AtomicReference<String> line = new AtomicReference<>();
        Thread r = Thread.ofPlatform().daemon().start(() -> {
            try {
                String s;
                while ((s = out.readLine()) != null && !s.equals("ready")) {
                    System.err.println("peer: " + s);
                }
                line.set(s);
            } catch (IOException ignored) {
                // the child ended
            }
        });
        r.join(30_000);
        if (line.get() == null) {
            child.destroyForcibly();
        }
        return line.get();
    }
}
