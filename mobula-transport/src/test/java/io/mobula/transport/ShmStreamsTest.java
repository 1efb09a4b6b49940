package io.mobula.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stream semantics of {@link ShmStreams}: partial reads, writes larger than the ring, end of stream, timeouts, and
 * blocked reads and writes that end when a side closes, from any thread. Both ends live in this JVM, over a 4 KiB
 * ring so that large writes wrap around it many times.
 */
class ShmStreamsTest {

    private static final int RING = 4096;
    private SharedMemory.Segment created;
    private SharedMemory.Segment opened;
    private ShmStreams a;
    private ShmStreams b;

    @BeforeEach
    void connect() throws IOException {
        created = SharedMemory.create(RING);
        opened = SharedMemory.open(created.name());
        a = created.streams();
        b = opened.streams();
    }

    @AfterEach
    void close() {
        created.close();
        opened.close();
    }

    @Test
    void aReadReturnsWhatIsThereWithoutWaitingForMore() throws Exception {
        a.output().write(new byte[] {1, 2, 3});
        a.output().flush();
        byte[] buf = new byte[100];
        assertEquals(3, b.input().read(buf, 10, 90));
        assertArrayEquals(new byte[] {1, 2, 3}, Arrays.copyOfRange(buf, 10, 13));
        a.output().write(200);
        a.output().flush();
        assertEquals(200, b.input().read());
        assertEquals(0, b.input().available());
        assertEquals(0, b.input().read(buf, 0, 0));
        assertTrue(a.doorbells() && b.doorbells(), "waits sleep on doorbells, not in timed parks");
    }

    @Test
    void writesMuchLargerThanTheRingArriveIntactInBothDirections() throws Exception {
        byte[] data = new byte[3 << 20];
        ThreadLocalRandom.current().nextBytes(data);
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try {
                a.output().write(data, 0, data.length);
                a.output().flush();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        byte[] got = readFully(b.input(), data.length);
        writer.get(30, TimeUnit.SECONDS);
        assertArrayEquals(data, got);

        CompletableFuture<Void> back = CompletableFuture.runAsync(() -> {
            try {
                for (int off = 0; off < data.length; off += 1000) {
                    b.output().write(data, off, Math.min(1000, data.length - off));
                }
                b.output().flush();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        assertArrayEquals(data, readFully(a.input(), data.length));
        back.get(30, TimeUnit.SECONDS);
    }

    @Test
    void thePeersCloseGivesEndOfStreamAfterTheLastByte() throws Exception {
        a.output().write(new byte[] {7, 8});
        a.close();
        assertTrue(a.isClosed());
        assertEquals(7, b.input().read());
        assertEquals(8, b.input().read());
        assertEquals(-1, b.input().read());
        assertEquals(-1, b.input().read(new byte[4], 0, 4));
        assertThrows(IOException.class, () -> {
            for (int i = 0; i < 3; i++) {
                b.output().write(new byte[RING]); // the peer reads no more: fails at once or once the ring is full
            }
        });
    }

    @Test
    void shutdownOutputEndsOneDirectionOnly() throws Exception {
        a.shutdownOutput();
        assertEquals(-1, b.input().read());
        b.output().write(5);
        b.output().flush();
        assertEquals(5, a.input().read());
    }

    @Test
    void aCloseFromAnotherThreadEndsABlockedRead() throws Exception {
        CompletableFuture<Integer> reader = CompletableFuture.supplyAsync(() -> {
            try {
                return b.input().read();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Thread.sleep(300); // asleep on the doorbell by now
        long start = System.nanoTime();
        b.close();
        ExecutionException e = assertThrows(ExecutionException.class, () -> reader.get(5, TimeUnit.SECONDS));
        assertInstanceOf(IOException.class, e.getCause().getCause());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2), "the close ended the read promptly");
        assertThrows(IOException.class, () -> b.input().read());
        assertThrows(IOException.class, () -> b.output().write(1));
    }

    @Test
    void aCloseEndsAWriteBlockedOnAFullRing() throws Exception {
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try {
                a.output().write(new byte[RING * 4]); // nobody reads: blocks once the ring is full
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Thread.sleep(300);
        b.close(); // the reader goes away
        ExecutionException e = assertThrows(ExecutionException.class, () -> writer.get(5, TimeUnit.SECONDS));
        assertInstanceOf(IOException.class, e.getCause().getCause());
    }

    @Test
    void aReadTimesOutAndTheStreamStaysUsable() throws Exception {
        b.readTimeout(200);
        long start = System.nanoTime();
        assertThrows(SocketTimeoutException.class, () -> b.input().read());
        long took = System.nanoTime() - start;
        assertTrue(took >= TimeUnit.MILLISECONDS.toNanos(190) && took < TimeUnit.SECONDS.toNanos(3), took + " ns");
        a.output().write(9);
        a.output().flush();
        assertEquals(9, b.input().read());
        assertThrows(IllegalArgumentException.class, () -> b.readTimeout(-1));
    }

    @Test
    void anInterruptEndsABlockedRead() throws Exception {
        Thread self = Thread.currentThread();
        Thread interrupter = Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException ignored) {
                return;
            }
            self.interrupt();
        });
        try {
            assertThrows(InterruptedIOException.class, () -> b.input().read());
            assertTrue(Thread.interrupted(), "the interrupt status stays set");
        } finally {
            interrupter.join(5000);
            Thread.interrupted();
        }
    }

    @Test
    void aSegmentGivesEitherStreamsOrAConnection() {
        assertThrows(IllegalStateException.class, () -> created.streams());
        assertThrows(IllegalArgumentException.class, () -> SharedMemory.create(3000));
    }

    private static byte[] readFully(InputStream in, int n) throws IOException {
        byte[] out = new byte[n];
        int got = 0;
        while (got < n) {
            int r = in.read(out, got, Math.min(n - got, 65536));
            if (r < 0) {
                throw new IOException("end of stream after " + got + " bytes");
            }
            got += r;
        }
        return out;
    }
}
