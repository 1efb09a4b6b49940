package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The conformance suite on the connection Mobula RMI uses after it upgraded a TCP connection to shared memory
 * ({@link ShmUpgradeTransport}), plus what is particular to that path: nothing is delivered before the protocol says
 * the peer switched, not even to a caller polling for its reply, and the end of the TCP link ends the shm connection.
 */
class ShmUpgradeTransportTest extends TransportConformanceTest {

    @Override
    Transport newTransport(TransportOptions options) {
        return new ShmUpgradeTransport(options);
    }

    @Override
    Endpoint anyEndpoint() {
        return Endpoint.tcp("127.0.0.1", 0);
    }

    @Override
    Endpoint deadEndpoint() throws IOException {
        return TcpTransportTest.deadTcpEndpoint();
    }

    @Test
    void theConnectionIsTheSharedMemoryOne() throws Exception {
        Connection[] p = pair();
        assertInstanceOf(ShmConnection.class, p[0]);
        assertInstanceOf(ShmConnection.class, p[1]);
    }

    @Test
    void nothingIsDeliveredBeforeReceivingStarts() throws Exception {
        try (SharedMemory.Segment created = SharedMemory.create(64 << 10);
             SharedMemory.Segment opened = SharedMemory.open(created.name())) {
            Recorder a = new Recorder();
            Recorder b = new Recorder();
            Connection ca = created.connection(Endpoint.shm("a"), a, TransportOptions.defaults());
            Connection cb = opened.connection(Endpoint.shm("b"), b, TransportOptions.defaults());
            byte[] early = pattern(3, 100);
            ca.send(ByteBuffer.wrap(early)); // waits in the ring
            AtomicInteger asked = new AtomicInteger();
            long start = System.nanoTime();
            assertFalse(cb.receiveUntil(() -> asked.incrementAndGet() > 1_000_000, TimeUnit.SECONDS.toNanos(5)));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "a poller returns at once");
            assertEquals(1, asked.get(), "a poller asks once and returns");
            assertEquals(null, b.frames.poll(100, TimeUnit.MILLISECONDS), "nothing delivered before startReceiving");
            opened.startReceiving();
            assertArrayEquals(early, b.nextFrame().bytes());
            created.startReceiving();
            cb.send(ByteBuffer.wrap(pattern(4, 10)));
            assertArrayEquals(pattern(4, 10), a.nextFrame().bytes());
        }
    }

    @Test
    void aConnectionClosedBeforeReceivingStartsReportsItsEndOnce() throws Exception {
        SharedMemory.Segment created = SharedMemory.create(64 << 10);
        try (SharedMemory.Segment opened = SharedMemory.open(created.name())) {
            Recorder a = new Recorder();
            Recorder b = new Recorder();
            created.connection(Endpoint.shm("a"), a, TransportOptions.defaults());
            Connection cb = opened.connection(Endpoint.shm("b"), b, TransportOptions.defaults());
            cb.send(ByteBuffer.wrap(pattern(5, 100))); // waits in the ring, never delivered
            created.close(); // e.g. the TCP link ended between UPGRADE and ACK
            a.nextClosed(PROMPT);
            created.close();
            assertEquals(null, a.closed.poll(200, TimeUnit.MILLISECONDS), "onClose once");
            assertTrue(a.frames.isEmpty(), "no frame delivered");
            assertEquals(java.util.List.of(), a.violations);
        }
    }

    @Test
    void theEndOfTheTcpLinkEndsTheSharedMemoryConnection() throws Exception {
        Connection[] p = pair();
        transport.close(); // closes the TCP links; the shm connections follow on both sides
        client.nextClosed(PROMPT);
        server.nextClosed(PROMPT);
        assertFalse(p[0].isOpen());
        assertFalse(p[1].isOpen());
    }
}
