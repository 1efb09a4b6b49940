package io.mobula.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.Naming;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.ConnectIOException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bridge in one JVM: java.rmi's own client code calls over the standard protocol (over loopback TCP, as between
 * JVMs), Mobula's over its own.
 */
@Timeout(60)
class JrmpBridgeTest {
    private static final RMIServerSocketFactory LOOPBACK =
            port -> new ServerSocket(port, 0, InetAddress.getLoopbackAddress());
    private static Registry mobula;
    private static JrmpBridge bridge;

    @BeforeAll
    static void serve() throws Exception {
        mobula = LocateRegistry.createRegistry(0);
        mobula.rebind("before", Rmi.export(new GreeterImpl("hello")));
        bridge = JrmpBridge.serve(0);
    }

    private static java.rmi.registry.Registry standard() throws Exception {
        return java.rmi.registry.LocateRegistry.getRegistry("127.0.0.1", bridge.port());
    }

    @Test
    void theStandardRegistryMirrorsTheMobulaRegistry() throws Exception {
        assertEquals("hello ana", ((Greeter) standard().lookup("before")).greet("ana"), "bound before serving");

        mobula.rebind("mirror", Rmi.export(new GreeterImpl("hi")));
        assertTrue(Arrays.asList(standard().list()).contains("mirror"));
        assertEquals("hi bo", ((Greeter) standard().lookup("mirror")).greet("bo"));

        mobula.rebind("mirror", Rmi.export(new GreeterImpl("hey")));
        assertEquals("hey bo", ((Greeter) standard().lookup("mirror")).greet("bo"), "a rebind is mirrored");

        mobula.unbind("mirror");
        assertThrows(NotBoundException.class, () -> standard().lookup("mirror"));
    }

    @Test
    void oneObjectHasOneGatewayAndItsStubComesBackAsTheObject() throws Exception {
        GreeterImpl impl = new GreeterImpl("yo");
        Remote stub = Rmi.export(impl);
        Remote a = JrmpBridge.toStandardStub(impl);
        Remote b = JrmpBridge.toStandardStub(stub);
        assertEquals(a, b, "the object and its Mobula stub share one gateway");
        assertSame(impl, JrmpValues.fromJrmp(a), "a gateway's stub coming back is the object again");
        Rmi.unexport(impl, true);
        assertThrows(java.rmi.NoSuchObjectException.class, () -> ((Greeter) a).greet("x"),
                "unexporting the Mobula object unexports its gateway");
    }

    @Test
    void mobulaNamingFindsAStandardRegistryAndPassesMobulaObjectsAsCallbacks() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        java.rmi.registry.Registry plain = java.rmi.registry.LocateRegistry.createRegistry(port, null, LOOPBACK);
        GreeterImpl plainImpl = new GreeterImpl("plain");
        try {
            plain.rebind("plain", UnicastRemoteObject.exportObject(plainImpl, 0, null, LOOPBACK));
            Greeter g = (Greeter) Naming.lookup("rmi://127.0.0.1:" + port + "/plain");
            assertEquals("plain x", g.greet("x"));
            // a Mobula object as an argument: the plain server calls it back over the standard protocol
            assertEquals("plain/mobula x", g.relay(new GreeterImpl("mobula"), "x"));
            assertEquals(List.of("//127.0.0.1:" + port + "/plain"),
                    List.of(Naming.list("rmi://127.0.0.1:" + port)));
        } finally {
            UnicastRemoteObject.unexportObject(plainImpl, true);
            UnicastRemoteObject.unexportObject(plain, true);
        }
    }

    @Test
    void aRegistrySpeakingNeitherProtocolGivesMobulasError() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            Thread closer = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        silent.accept().close(); // answers nothing, in no protocol
                    }
                } catch (IOException closed) {
                    // done
                }
            });
            ConnectIOException e = assertThrows(ConnectIOException.class,
                    () -> Naming.lookup("rmi://127.0.0.1:" + silent.getLocalPort() + "/x"));
            assertTrue(e.getMessage().contains("handshake"), e.getMessage());
            assertEquals(1, e.getSuppressed().length, "the bridge tried too: " + Arrays.toString(e.getSuppressed()));
            silent.close();
            closer.join(5000);
        }
    }

    @Test
    void servingAnotherPortFailsAndTheSamePortReturnsTheBridge() throws Exception {
        assertSame(bridge, JrmpBridge.serve(bridge.port()));
        assertSame(bridge, JrmpBridge.current());
        assertThrows(java.rmi.server.ExportException.class, () -> JrmpBridge.serve(bridge.port() == 1 ? 2 : 1));
    }

    @Test
    void standardStubsGetMobulaObjectsConvertedInArraysToo() throws Exception {
        Greeter[] in = {new GreeterImpl("a"), null};
        Object[] out = (Object[]) JrmpValues.toJrmp((Object) in);
        assertTrue(JrmpStubs.isJrmpStub(out[0]), Arrays.toString(out));
        assertEquals(null, out[1]);
        assertArrayEquals(in, (Object[]) JrmpValues.fromJrmp((Object) out));
    }
}
