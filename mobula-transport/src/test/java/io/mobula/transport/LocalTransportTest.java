package io.mobula.transport;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LocalTransportTest extends TransportConformanceTest {

    @Override
    Transport newTransport(TransportOptions options) {
        return Transports.create("local", options);
    }

    @Override
    Endpoint anyEndpoint() {
        return Endpoint.local("");
    }

    @Override
    Endpoint deadEndpoint() {
        return Endpoint.local("nobody-listens-here");
    }

    @Test
    void namesAreJvmWideAndExclusive() throws Exception {
        Transport other = extraTransport(TransportOptions.defaults());
        Listener named = transport.listen(Endpoint.local("conformance-node-1"), server);
        assertThrows(IOException.class, () -> other.listen(Endpoint.local("conformance-node-1"), new Recorder()));
        Connection c = other.connect(Endpoint.parse("local://conformance-node-1"), client);
        c.send(direct(pattern(4, 40)));
        assertArrayEquals(pattern(4, 40), server.nextFrame().bytes());
        named.close();
        Listener again = other.listen(Endpoint.local("conformance-node-1"), new Recorder());
        assertTrue(again.isOpen());
        again.close();
    }
}
