package io.mobula.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Accepted connections over the limits are closed as they arrive, before anything is read; a place is given back
 * when a connection ends. Peers on 127.0.0.2 and 127.0.0.3 are other hosts to the limit per address.
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

    private static void check(String technology, Endpoint at) throws Exception {
        TransportOptions options = TransportOptions.defaults().withConnectionLimits(LIMITS);
        Recorder server = new Recorder();
        List<Socket> open = new ArrayList<>();
        try (Transport t = Transports.create(technology, options);
             Listener listener = t.listen(at, server)) {
            TransportBase<?, ?> base = (TransportBase<?, ?>) t;
            InetSocketAddress to = new InetSocketAddress("127.0.0.1", listener.endpoint().port());
            open.add(admitted(to, "127.0.0.1"));
            open.add(admitted(to, "127.0.0.1"));
            refused(to, "127.0.0.1"); // a third from one address
            open.add(admitted(to, "127.0.0.2"));
            refused(to, "127.0.0.3"); // a fourth in all
            assertEquals(2, base.refusedConnections());

            open.remove(0).close(); // its place comes back once the server sees it end
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (base.admission.accepted() > 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            open.add(admitted(to, "127.0.0.3"));
        } finally {
            for (Socket s : open) {
                s.close();
            }
        }
    }

    /** A connection the server keeps: reading from it waits. */
    private static Socket admitted(InetSocketAddress to, String from) throws IOException {
        Socket s = connect(to, from);
        assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read(), from + " was refused");
        return s;
    }

    /** A connection the server closes at once: reading from it ends. */
    private static void refused(InetSocketAddress to, String from) throws IOException {
        try (Socket s = connect(to, from)) {
            s.setSoTimeout(5000);
            InputStream in = s.getInputStream();
            int r;
            try {
                r = in.read();
            } catch (IOException reset) {
                r = -1;
            }
            assertEquals(-1, r, from + " was kept");
        }
    }

    private static Socket connect(InetSocketAddress to, String from) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
        s.connect(to, 5000);
        s.setSoTimeout(300);
        return s;
    }
}
