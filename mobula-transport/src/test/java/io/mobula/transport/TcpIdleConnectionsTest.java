package io.mobula.transport;

import java.io.IOException;
import java.net.Socket;

/** Idle connections over plain TCP in polling mode (the default). */
class TcpIdleConnectionsTest extends IdleConnectionsTest {

    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.create("tcp", options);
    }

    @Override
    Endpoint anyEndpoint() {
        return Endpoint.tcp("127.0.0.1", 0);
    }

    @Override
    Socket rawPeer(Endpoint listening) throws IOException {
        Socket s = new Socket("127.0.0.1", listening.port());
        s.setSoTimeout(5000);
        return s;
    }

    @Override
    int manyConnections() {
        return 300;
    }
}
