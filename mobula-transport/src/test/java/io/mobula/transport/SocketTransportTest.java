package io.mobula.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The blocking-socket technology meets the transport contract, honours its factories and speaks tcp's framing. */
class SocketTransportTest extends TransportConformanceTest {

    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.create(SocketTransport.NAME, options);
    }

    @Override
    Endpoint anyEndpoint() {
        return new Endpoint(SocketTransport.NAME, "127.0.0.1", 0, null);
    }

    @Override
    Endpoint deadEndpoint() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new Endpoint(SocketTransport.NAME, "127.0.0.1", s.getLocalPort(), null);
        }
    }

    @Test
    void connectionsUseTheSocketsTheFactoriesMake() throws Exception {
        AtomicInteger clientSockets = new AtomicInteger();
        AtomicInteger serverSockets = new AtomicInteger();
        try (SocketTransport t = SocketTransport.create(TransportOptions.defaults(),
                (host, port) -> {
                    clientSockets.incrementAndGet();
                    return new Socket(host, port);
                },
                port -> {
                    serverSockets.incrementAndGet();
                    return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
                })) {
            Recorder r = new Recorder();
            echo(r);
            Listener l = t.listen(anyEndpoint(), r);
            assertEquals(1, serverSockets.get());
            Connection c = t.connect(l.endpoint(), client);
            assertEquals(1, clientSockets.get());
            c.send(direct(pattern(3, 1000)));
            assertArrayEquals(pattern(3, 1000), client.nextFrame().bytes());
        }
    }

    @Test
    void aFactoryReturningNullIsAClearError() {
        try (SocketTransport t = SocketTransport.create(TransportOptions.defaults(), (h, p) -> null, p -> null)) {
            IOException e = assertThrows(IOException.class, () -> t.listen(anyEndpoint(), server));
            assertEquals("the server socket factory returned null", e.getMessage());
            e = assertThrows(IOException.class, () -> t.connect(listener.endpoint(), client));
            assertEquals("the client socket factory returned null", e.getMessage());
        }
    }

    @Test
    void framingIsTheOneOfTcpSoNioPeersInteroperate() throws Exception {
        echo(server);
        try (Transport nio = Transports.create("tcp")) {
            Endpoint e = listener.endpoint();
            Connection c = nio.connect(Endpoint.tcp(e.host(), e.port()), client);
            for (int size : new int[] {0, 1, 4096, 300_000}) {
                c.send(direct(pattern(size, size)));
                assertArrayEquals(pattern(size, size), client.nextFrame().bytes());
            }
        }
    }

    @Test
    void callersCannotPoll() throws Exception {
        Connection[] p = pair();
        long start = System.nanoTime();
        assertFalse(p[0].receiveUntil(() -> false, 1_000_000_000L));
        // returns at once: a blocking stream cannot be read without blocking
        assertEquals(0, (System.nanoTime() - start) / 500_000_000L);
    }
}
