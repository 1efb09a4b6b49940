package io.mobula.examples.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An object with several remote interfaces is reachable through all of them, as with java.rmi's dynamic proxy
 * stubs: the stub implements every (most specific) remote interface and each method reaches the object.
 */
class MultiInterfaceTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final List<Class<?>> INTERFACES = List.of(Welcomer.class, Adder.class, Labelled.class, Titled.class);

    /** java.rmi listening on loopback only. */
    private static final class Loopback implements RMIServerSocketFactory, RMIClientSocketFactory, Serializable {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }
    }

    @Test
    void theStubImplementsTheSameRemoteInterfacesAsJavaRmisStub() throws Exception {
        MultiImpl forJavaRmi = new MultiImpl("java.rmi");
        Loopback lo = new Loopback();
        Remote javaRmiStub = java.rmi.server.UnicastRemoteObject.exportObject(forJavaRmi, 0, lo, lo);
        MultiImpl forMobula = new MultiImpl("mobula");
        Remote mobulaStub = Rmi.export(forMobula);
        try {
            for (Class<?> i : INTERFACES) {
                assertTrue(i.isInstance(javaRmiStub), "java.rmi's stub is a " + i.getSimpleName());
                assertEquals(i.isInstance(javaRmiStub), i.isInstance(mobulaStub), i.getName());
            }
            assertEquals(((Titled) javaRmiStub).title().replace("java.rmi", "mobula"), ((Titled) mobulaStub).title());
        } finally {
            java.rmi.server.UnicastRemoteObject.unexportObject(forJavaRmi, true);
            Rmi.unexport(forMobula, true);
        }
    }

    @Test
    void everyInterfaceWorksLocallyAndTheStubBehavesAsAStub() throws Exception {
        MultiImpl impl = new MultiImpl("local");
        Remote stub = Rmi.export(impl);
        assertEquals("hello you from local", ((Welcomer) stub).greet("you"));
        assertEquals(5, ((Adder) stub).add(2, 3));
        assertEquals("local", ((Labelled) stub).name());
        assertEquals("Dr. local", ((Titled) stub).title());
        assertEquals("local", Rmi.transportOf(stub));

        Remote again = Rmi.toStub(impl);
        assertEquals(stub, again);
        assertEquals(again, stub);
        assertEquals(stub.hashCode(), again.hashCode());
        assertSame(stub, Rmi.toStub(stub), "a stub is its own stub");
        assertTrue(stub.toString().contains(Welcomer.class.getName()), stub.toString());
        MultiImpl other = new MultiImpl("other");
        assertFalse(stub.equals(Rmi.export(other)));
        Rmi.unexport(other, true);

        Remote back = ((Welcomer) stub).echo(stub);
        for (Class<?> i : INTERFACES) {
            assertInstanceOf(i, back);
        }
        assertEquals(stub, back);
        assertTrue(((Adder) stub).same(stub, back));

        Rmi.unexport(impl, true);
        assertThrows(NoSuchObjectException.class, () -> ((Labelled) stub).name());
    }

    @Test
    void everyInterfaceWorksAcrossJvms() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ChildJvm server = ChildJvm.start(MultiServerMain.class, List.of())) {
                int port = Integer.parseInt(server.awaitLine("READY ", LIMIT).substring(6).trim());
                Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
                Remote stub = registry.lookup("multi");
                for (Class<?> i : INTERFACES) {
                    assertInstanceOf(i, stub);
                }
                assertEquals("hello client from server", ((Welcomer) stub).greet("client"));
                assertEquals(7, ((Adder) stub).add(3, 4));
                assertEquals("server", ((Labelled) stub).name());
                assertEquals("Dr. server", ((Titled) stub).title());
                assertNotNull(Rmi.transportOf(stub), "connected");

                Remote back = ((Welcomer) stub).echo(stub);
                assertEquals(stub, back);
                assertInstanceOf(Titled.class, back);
                assertTrue(((Adder) stub).same(stub, back), "the server sees one object");
                assertEquals(stub, registry.lookup("multi"));

                // a local multi-interface object passed to the server comes back as the same stub
                MultiImpl mine = new MultiImpl("client");
                Remote echoed = ((Welcomer) stub).echo(mine);
                assertEquals(Rmi.toStub(mine), echoed);
                assertEquals("Dr. client", ((Titled) echoed).title());
                Rmi.unexport(mine, true);
            }
        });
    }
}
