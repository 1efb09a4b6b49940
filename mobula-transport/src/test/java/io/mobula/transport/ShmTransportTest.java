package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShmTransportTest extends TransportConformanceTest {

    /**
     * Rings of 256 KiB: frames up to that size are mostly read in place from the ring, larger ones (the suite's
     * receive-buffer and budget cases use 512 KiB and 16 MiB) stream through the receive buffer.
     */
    @Override
    Transport newTransport(TransportOptions options) {
        return new ShmTransport(options, ShmWait.DEFAULT, 256 << 10);
    }

    @Override
    Endpoint anyEndpoint() {
        return Endpoint.shm("");
    }

    @Override
    Endpoint deadEndpoint() {
        return Endpoint.shm(ShmSegment.freshName(".sock").toString());
    }

    /** A transport with a tiny ring, so almost every frame wraps around or streams in pieces. */
    private Transport tinyRing() {
        Transport t = new ShmTransport(TransportOptions.defaults(), new ShmWait(1_000, 10_000, 200_000), 4096);
        return t;
    }

    private static List<Path> ownFiles() throws IOException {
        try (Stream<Path> s = Files.list(ShmSegment.DIRECTORY)) {
            return s.filter(p -> p.getFileName().toString().startsWith("mobula-" + ShmSegment.PID + "-")).toList();
        }
    }

    @Test
    void aFrameWholeInTheRingIsReadInPlace() throws Exception {
        try (Transport t = new ShmTransport(TransportOptions.defaults(), ShmWait.DEFAULT, 1 << 20)) {
            Recorder srv = new Recorder();
            java.util.concurrent.BlockingQueue<Boolean> direct = new java.util.concurrent.LinkedBlockingQueue<>();
            srv.action = (c, frame) -> {
                direct.add(frame.isDirect()); // the mapped ring; the receive buffer of shm is on the heap
                byte[] copy = new byte[frame.remaining()];
                frame.get(frame.position(), copy);
                srv.frames.add(new Recorder.Frame(c, copy));
            };
            Listener l = t.listen(Endpoint.shm(""), srv);
            Recorder cli = new Recorder();
            Connection c = t.connect(l.endpoint(), cli);
            StreamConnection accepted = (StreamConnection) srv.nextOpened();
            byte[] big = pattern(9, 600 << 10); // larger than the initial receive buffer, smaller than the ring
            c.send(ByteBuffer.wrap(big));
            assertArrayEquals(big, srv.nextFrame().bytes());
            assertEquals(Boolean.TRUE, direct.poll(), "delivered from the ring");
            assertEquals(0, accepted.engine.receiveBufferGrowth(), "the receive buffer did not grow for it");
            c.send(ByteBuffer.wrap(big)); // wraps around the ring's end: through the receive buffer
            assertArrayEquals(big, srv.nextFrame().bytes());
            assertEquals(Boolean.FALSE, direct.poll(), "a wrapped frame is assembled in the receive buffer");
            c.close();
            cli.nextClosed(PROMPT);
            srv.nextClosed(PROMPT);
            assertEquals(List.of(), srv.violations);
        }
    }

    @Test
    void framesInPartsWrapAroundASmallRingSplittingElements() throws Exception {
        try (Transport t = tinyRing()) {
            Recorder srv = new Recorder();
            Listener l = t.listen(Endpoint.shm(""), srv);
            Recorder cli = new Recorder();
            Connection c = t.connect(l.endpoint(), cli);
            FrameParts f = new FrameParts();
            // odd inline runs put elements across the 4 KiB ring's end at every alignment
            for (FramePartsCases.Case k : FramePartsCases.cases(3, 300, 3000)) {
                k.load(f);
                c.send(f);
                assertArrayEquals(k.expected(), srv.nextFrame().bytes(), k.name());
            }
            c.close();
            cli.nextClosed(PROMPT);
            srv.nextClosed(PROMPT);
            assertEquals(List.of(), srv.violations);
        }
    }

    @Test
    void framesWrapAroundASmallRingAndLargeOnesStream() throws Exception {
        try (Transport t = tinyRing()) {
            Recorder srv = new Recorder();
            echo(srv);
            Listener l = t.listen(Endpoint.shm(""), srv);
            Recorder cli = new Recorder();
            Connection c = t.connect(l.endpoint(), cli);
            // odd sizes walk the frame boundary across every ring offset; 1 MiB streams through 4 KiB
            int[] sizes = {0, 1, 3, 4091, 4092, 4093, 4096, 5000, 12_345, 1 << 20, 7, 4095};
            for (int round = 0; round < 20; round++) {
                for (int s : sizes) {
                    byte[] b = pattern(round * 100 + s, s);
                    c.send(ByteBuffer.wrap(b));
                    assertArrayEquals(b, cli.nextFrame().bytes(), "size " + s + " round " + round);
                }
            }
            c.close();
            cli.nextClosed(PROMPT);
            srv.nextClosed(PROMPT);
            assertEquals(List.of(), srv.violations);
        }
    }

    @Test
    void concurrentSendersThroughATinyRing() throws Exception {
        try (Transport t = tinyRing()) {
            Recorder srv = new Recorder();
            Listener l = t.listen(Endpoint.shm(""), srv);
            Connection c = t.connect(l.endpoint(), new Recorder());
            int threads = 4;
            int per = 500;
            List<Thread> ts = new java.util.ArrayList<>();
            for (int id = 0; id < threads; id++) {
                int me = id;
                ts.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = 0; i < per; i++) {
                            byte[] b = pattern(me * 1000 + i, 100 + (i * 37 + me) % 9000);
                            ByteBuffer f = ByteBuffer.allocate(8 + b.length).putInt(me).putInt(i).put(b).flip();
                            c.send(f);
                        }
                    } catch (IOException e) {
                        throw new RuntimeException(e);
                    }
                }));
            }
            int[] next = new int[threads];
            for (int k = 0; k < threads * per; k++) {
                ByteBuffer got = ByteBuffer.wrap(srv.nextFrame().bytes());
                int id = got.getInt();
                int i = got.getInt();
                assertEquals(next[id]++, i);
                byte[] rest = new byte[got.remaining()];
                got.get(rest);
                assertArrayEquals(pattern(id * 1000 + i, 100 + (i * 37 + id) % 9000), rest);
            }
            for (Thread th : ts) {
                th.join(Recorder.WAIT.toMillis());
                assertFalse(th.isAlive());
            }
        }
    }

    @Test
    void filesAreRemovedOnceMappedAndOnClose() throws Exception {
        Connection[] p = pair();
        p[0].send(direct(pattern(1, 100)));
        server.nextFrame();
        // the segment's name is gone as soon as both sides mapped it; only the listener's socket remains
        assertEquals(List.of(Path.of(listener.endpoint().path())), ownFiles());
        p[0].close();
        client.nextClosed(PROMPT);
        server.nextClosed(PROMPT);
        listener.close();
        assertEquals(List.of(), ownFiles());
    }

    @Test
    void staleFilesOfDeadProcessesAreReclaimed() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long dead = p.pid();
        Path stale = ShmSegment.DIRECTORY.resolve("mobula-" + dead + "-deadbeef");
        Path alive = ShmSegment.DIRECTORY.resolve("mobula-" + ShmSegment.PID + "-cafe");
        Files.write(stale, new byte[10]);
        Files.write(alive, new byte[10]);
        try {
            assertTrue(SharedMemory.reclaimStale() >= 1);
            assertFalse(Files.exists(stale));
            assertTrue(Files.exists(alive));
        } finally {
            Files.deleteIfExists(stale);
            Files.deleteIfExists(alive);
        }
    }

    @Test
    void hostIdIsStable() {
        assertEquals(SharedMemory.hostId(), SharedMemory.hostId());
        assertTrue(SharedMemory.available());
    }
}
