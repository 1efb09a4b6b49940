package io.mobula.transport;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Idle connections over TLS in polling mode: the receive role's TLS state (the engine, its partial records) stays
 * with the connection while no thread holds it.
 */
class TlsIdleConnectionsTest extends IdleConnectionsTest {

    @TempDir
    static Path keyDir;
    static SSLContext alice;

    @BeforeAll
    static void makeKeys() throws IOException {
        alice = TlsKeyStores.create(keyDir, List.of("alice", "bob"), List.of()).context("alice");
    }

    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.tls(options, TlsOptions.defaults().withContext(alice));
    }

    @Override
    Endpoint anyEndpoint() {
        return Endpoint.tls("127.0.0.1", 0);
    }

    @Override
    Socket rawPeer(Endpoint listening) throws IOException {
        SSLSocket s = (SSLSocket) alice.getSocketFactory().createSocket("127.0.0.1", listening.port());
        s.setSoTimeout(5000);
        s.startHandshake();
        return s;
    }

    @Override
    int manyConnections() {
        return 100; // a handshake each: the point is the same as over TCP, at a third of the cost
    }
}
