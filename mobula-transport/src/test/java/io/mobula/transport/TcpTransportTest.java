package io.mobula.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TcpTransportTest extends TransportConformanceTest {


    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.create("tcp", options);
    }

    @Override
    Endpoint anyEndpoint() {
        return Endpoint.tcp("127.0.0.1", 0);
    }

    @Override
    Endpoint deadEndpoint() throws IOException {
        return deadTcpEndpoint();
    }

    /** A loopback TCP endpoint nobody listens on. */
    static Endpoint deadTcpEndpoint() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return Endpoint.tcp("127.0.0.1", s.getLocalPort()); // closed again: nobody listens there
        }
    }

    @Test
    void listenerGetsAnEphemeralPort() {
        assertEquals("127.0.0.1", listener.endpoint().host());
        assertTrue(listener.endpoint().port() > 0);
    }

    private Socket raw() throws IOException {
        Socket s = new Socket("127.0.0.1", listener.endpoint().port());
        s.setSoTimeout(5000); // bounded reads
        return s;
    }

    @Test
    void hostileLengthClosesOnlyThatConnection() throws Exception {
        echo(server);
        Connection good = transport.connect(listener.endpoint(), client);
        Connection goodAccepted = server.nextOpened();
        for (int hostile : new int[] {Integer.MAX_VALUE, -1, TransportOptions.DEFAULT_MAX_FRAME_SIZE + 1}) {
            try (Socket s = raw()) {
                Connection accepted = server.nextOpened();
                OutputStream out = s.getOutputStream();
                out.write(ByteBuffer.allocate(4).putInt(hostile).array());
                out.flush();
                Recorder.Closed closed = server.nextClosed(PROMPT);
                assertEquals(accepted, closed.connection());
                assertNotNull(closed.cause());
                assertTrue(closed.cause().getMessage().contains("protocol error"), closed.cause().getMessage());
                assertEquals(-1, s.getInputStream().read(), "the hostile peer is disconnected");
            }
            // the listener and the other connection keep working
            good.send(direct(pattern(hostile, 777)));
            assertArrayEquals(pattern(hostile, 777), client.nextFrame().bytes());
        }
        assertTrue(goodAccepted.isOpen());
        assertTrue(listener.isOpen());
    }

    @Test
    void announcedFramesCostOnlyTheBytesThatArrive() throws Exception {
        List<Socket> sockets = new ArrayList<>();
        try {
            List<StreamConnection> hostile = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                Socket s = raw();
                sockets.add(s);
                hostile.add((StreamConnection) server.nextOpened());
                OutputStream out = s.getOutputStream();
                out.write(ByteBuffer.allocate(40).putInt(TransportOptions.DEFAULT_MAX_FRAME_SIZE)
                        .put(pattern(i, 36)).array());
                out.flush();
            }
            Thread.sleep(300); // the receive threads read 40 bytes within microseconds
            for (StreamConnection c : hostile) {
                assertEquals(0, c.engine.receiveBufferGrowth(), "40 bytes of a 64 MiB frame must not grow the buffer");
                assertTrue(c.isOpen());
            }

            // an honest large frame: the buffer grows with the bytes that arrived, and the frame arrives whole
            Socket s = raw();
            sockets.add(s);
            StreamConnection honest = (StreamConnection) server.nextOpened();
            byte[] payload = pattern(5, 16 << 20);
            OutputStream out = s.getOutputStream();
            out.write(ByteBuffer.allocate(4).putInt(payload.length).array());
            out.write(payload, 0, 1 << 20);
            out.flush();
            long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
            while (honest.engine.receiveBufferGrowth() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            Thread.sleep(100); // let it read all of the first MiB
            long growth = honest.engine.receiveBufferGrowth();
            long bound = FrameAssembly.GROWTH_FACTOR * ((1L << 20) + 4) - FrameAssembly.INITIAL_RECEIVE_BUFFER;
            assertTrue(growth > 0 && growth <= bound,
                    "1 MiB received grows the buffer by at most " + bound + " bytes: " + growth);
            out.write(payload, 1 << 20, payload.length - (1 << 20));
            out.flush();
            assertArrayEquals(payload, server.nextFrame().bytes());
            for (StreamConnection c : hostile) {
                assertEquals(0, c.engine.receiveBufferGrowth());
            }
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
    }

    @Test
    void peerVanishingMidFrameIsAnError() throws Exception {
        try (Socket s = raw()) {
            server.nextOpened();
            OutputStream out = s.getOutputStream();
            out.write(ByteBuffer.allocate(14).putInt(100).put(new byte[10]).array());
            out.flush();
        }
        Recorder.Closed closed = server.nextClosed(PROMPT);
        assertInstanceOf(java.io.EOFException.class, closed.cause());
    }

    @Test
    void resetByPeerIsReportedPromptly() throws Exception {
        Socket s = raw();
        Connection accepted = server.nextOpened();
        s.setSoLinger(true, 0); // close sends RST: what a killed process's kernel may do
        s.close();
        Recorder.Closed closed = server.nextClosed(PROMPT);
        assertEquals(accepted, closed.connection());
        assertFalse(accepted.isOpen());
    }

    @Test
    void rawPeerSeesTheWireFormat() throws Exception {
        try (Socket s = raw()) {
            Connection accepted = server.nextOpened();
            // a frame from a plain socket, split into odd pieces, arrives whole
            OutputStream out = s.getOutputStream();
            byte[] payload = pattern(3, 5000);
            byte[] wire = ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
            out.write(wire, 0, 3);
            out.flush();
            Thread.sleep(5);
            out.write(wire, 3, 2000);
            out.flush();
            Thread.sleep(5);
            out.write(wire, 2003, wire.length - 2003);
            out.flush();
            assertArrayEquals(payload, server.nextFrame().bytes());

            accepted.send(ByteBuffer.wrap(new byte[] {1, 2}), ByteBuffer.wrap(new byte[] {3}));
            InputStream in = s.getInputStream();
            assertArrayEquals(new byte[] {0, 0, 0, 3, 1, 2, 3}, in.readNBytes(7), "big-endian length + payload");
        }
    }

    @Test
    void sendToADeadPeerFailsAndCloses() throws Exception {
        Connection[] p = pair();
        p[1].close();
        client.nextClosed(PROMPT);
        IOException e = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (e == null && System.nanoTime() < deadline) {
            try {
                p[0].send(direct(new byte[1000]));
            } catch (IOException x) {
                e = x;
            }
        }
        assertNotNull(e, "send to a closed peer must fail");
        assertFalse(p[0].isOpen());
    }

    @Test
    void aWaitingCallerReceivesItsReplyItselfAndTheReceiveThreadTakesOverAfterwards() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(transport.options().callerPolling(),
                "caller polling is off for this transport (blocking mode)");
        echo(server);
        java.util.concurrent.atomic.AtomicReference<Thread> deliveredOn = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger frames = new java.util.concurrent.atomic.AtomicInteger();
        FrameHandler h = new FrameHandler() {
            @Override
            public void onOpen(Connection c) {
            }

            @Override
            public void onFrame(Connection c, ByteBuffer frame) {
                deliveredOn.set(Thread.currentThread());
                frames.incrementAndGet();
            }

            @Override
            public void onClose(Connection c, IOException cause) {
            }
        };
        Connection c = transport.connect(listener.endpoint(), h);
        try {
            int byCaller = 0;
            for (int i = 1; i <= 200; i++) {
                int want = i;
                c.send(direct(pattern(i, 64)));
                if (!c.receiveUntil(() -> frames.get() >= want, 50_000_000L)) {
                    long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
                    while (frames.get() < want && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                }
                assertEquals(want, frames.get(), "reply " + i + " delivered exactly once");
                if (deliveredOn.get() == Thread.currentThread()) {
                    byCaller++;
                }
            }
            assertTrue(byCaller > 0, "no reply was read by the waiting caller");
            // nobody polls now: the receive thread delivers again
            assertFalse(c.receiveUntil(() -> false, 1_000_000L), "an unmet condition ends with the window");
            c.send(direct(pattern(7, 10)));
            long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
            while (frames.get() < 201 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(201, frames.get());
            assertTrue(deliveredOn.get() != Thread.currentThread(), "the receive thread delivered it");
        } finally {
            c.close();
        }
    }
}
