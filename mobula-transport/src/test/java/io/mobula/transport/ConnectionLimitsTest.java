package io.mobula.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Accepted connections over the limits are closed as they arrive, before anything is read, and told why; a place is
 * given back when a connection ends. Connections that have not passed their handshake give way to newcomers, so they
 * cannot lock a host out. Peers on 127.0.0.2 and 127.0.0.3 are other hosts to the limit per address.
 */
@Timeout(60)
class ConnectionLimitsTest {
    private static final ConnectionLimits LIMITS = new ConnectionLimits(3, 2);

    @Test
    void tcpRefusesOverTheLimitsPerHostAndInAll() throws Exception {
        check("tcp", Endpoint.tcp("127.0.0.1", 0));
    }

    @Test
    void blockingSocketsRefuseOverTheLimitsToo() throws Exception {
        check(SocketTransport.NAME, new Endpoint(SocketTransport.NAME, "127.0.0.1", 0, null));
    }

    @Test
    void unauthenticatedConnectionsGiveWayToNewcomersOldestFirst() throws Exception {
        for (String technology : List.of("tcp", SocketTransport.NAME)) {
            TransportOptions options = TransportOptions.defaults().withConnectionLimits(LIMITS)
                    .withIdleReceiver(java.time.Duration.ZERO);
            List<Socket> open = new ArrayList<>();
            Recorder server = new Recorder();
            try (Transport t = Transports.create(technology, options);
                 Listener listener = t.listen(new Endpoint(technology, "127.0.0.1", 0, null), server)) {
                TransportBase<?, ?> base = (TransportBase<?, ?>) t;
                InetSocketAddress to = new InetSocketAddress("127.0.0.1", listener.endpoint().port());
                open.add(opened(server, to, "127.0.0.1"));
                open.add(opened(server, to, "127.0.0.1"));
                open.add(opened(server, to, "127.0.0.1")); // the host's third: the oldest unproven one gives way
                Recorder.Closed gave = server.closed.poll(10, java.util.concurrent.TimeUnit.SECONDS);
                assertTrue(gave != null, technology + ": the oldest unproven connection was closed");
                assertEquals(open.get(0).getLocalPort(), gave.connection().remote().port(), "the oldest one");
                open.add(opened(server, to, "127.0.0.2"));
                open.add(opened(server, to, "127.0.0.3")); // a fourth in all: the oldest unproven one of any host
                gave = server.closed.poll(10, java.util.concurrent.TimeUnit.SECONDS);
                assertTrue(gave != null, technology + ": the next oldest was closed");
                assertEquals(open.get(1).getLocalPort(), gave.connection().remote().port(), "the next oldest");
                assertEquals(2, base.admission.evicted());
                assertEquals(0, base.refusedConnections(), technology + ": nobody refused, the unproven gave way");
            } finally {
                for (Socket s : open) {
                    s.close();
                }
            }
        }
    }

    /** A connection the server opened (its handler saw it), not read from. */
    private static Socket opened(Recorder server, InetSocketAddress to, String from) throws Exception {
        Socket s = connect(to, from);
        if (server.opened.poll(10, java.util.concurrent.TimeUnit.SECONDS) == null) {
            s.close();
            throw new AssertionError(from + " was not opened");
        }
        return s;
    }

    /** A handler whose connections pass their handshake at once (as an authenticated RMI peer's do). */
    private static FrameHandler proving(Recorder r) {
        return new FrameHandler() {
            @Override
            public void onOpen(Connection c) {
                c.handshakeDone();
                r.onOpen(c);
            }

            @Override
            public void onFrame(Connection c, java.nio.ByteBuffer frame) {
                r.onFrame(c, frame);
            }

            @Override
            public void onClose(Connection c, IOException cause) {
                r.onClose(c, cause);
            }
        };
    }

    private static void check(String technology, Endpoint at) throws Exception {
        TransportOptions options = TransportOptions.defaults().withConnectionLimits(LIMITS);
        Recorder server = new Recorder();
        List<Socket> open = new ArrayList<>();
        try (Transport t = Transports.create(technology, options);
             Listener listener = t.listen(at, proving(server))) {
            TransportBase<?, ?> base = (TransportBase<?, ?>) t;
            InetSocketAddress to = new InetSocketAddress("127.0.0.1", listener.endpoint().port());
            open.add(opened(server, to, "127.0.0.1"));
            open.add(opened(server, to, "127.0.0.1"));
            refused(to, "127.0.0.1"); // a third from one address, all places proven
            open.add(opened(server, to, "127.0.0.2"));
            refused(to, "127.0.0.3"); // a fourth in all
            assertEquals(2, base.refusedConnections());

            open.remove(0).close(); // its place comes back once the server sees it end
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (base.admission.accepted() > 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            open.add(opened(server, to, "127.0.0.3"));
        } finally {
            for (Socket s : open) {
                s.close();
            }
        }
    }

    /** A connection the server closes at once, telling it why the limit refuses it. */
    private static void refused(InetSocketAddress to, String from) throws IOException {
        try (Socket s = connect(to, from)) {
            String why = refusal(s);
            assertTrue(why.contains("ConnectionLimits") && why.contains("authenticated"), from + ": " + why);
        }
    }

    /** The reason of the refusal frame {@code s} receives, after which the server closes it. */
    private static String refusal(Socket s) throws IOException {
        s.setSoTimeout(5000);
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] frame = in.readNBytes(in.readInt());
        String why = Refusal.reasonIn(java.nio.ByteBuffer.wrap(frame));
        assertTrue(why != null, "not a refusal");
        int r;
        try {
            r = in.read();
        } catch (IOException reset) {
            r = -1;
        }
        assertEquals(-1, r, "kept after its refusal");
        return why;
    }

    private static Socket connect(InetSocketAddress to, String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(to, 5000);
        s.setSoTimeout(300);
        return s;
    }
}
