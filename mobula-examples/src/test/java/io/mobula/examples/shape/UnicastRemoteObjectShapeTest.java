package io.mobula.examples.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.RemoteObject;
import io.mobula.rmi.server.RemoteServer;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.server.ExportException;
import java.rmi.server.ServerNotActiveException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** io.mobula.rmi.server behaves like java.rmi.server for what ported programs use. */
class UnicastRemoteObjectShapeTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    @Test
    void theHierarchyIsJavaRmis() {
        assertTrue(RemoteObject.class.isAssignableFrom(UnicastRemoteObject.class));
        assertTrue(RemoteServer.class.isAssignableFrom(UnicastRemoteObject.class));
        assertTrue(Serializable.class.isAssignableFrom(UnicastRemoteObject.class));
    }

    @Test
    void anImplHashesLikeItsStubsButIsNotEqualToThem() throws Exception {
        EchoImpl a = new EchoImpl("a:");
        EchoImpl b = new EchoImpl("b:");
        Remote stub = UnicastRemoteObject.toStub(a);
        assertInstanceOf(RemoteStub.class, stub);
        // as java.rmi's proxy stubs (JDK 5 and later): a stub equals only stubs (FidelityTest, Marshalled)
        assertNotEquals(a, stub);
        assertNotEquals(stub, a, "symmetric");
        assertEquals(stub.hashCode(), a.hashCode());
        assertEquals(stub, UnicastRemoteObject.toStub(a));
        assertNotEquals(a, b);
        assertNotEquals(b, stub);
        Set<Remote> set = new HashSet<>(Set.of(stub));
        assertTrue(set.contains(UnicastRemoteObject.toStub(a)), "a hash set of stubs finds another stub of it");
        assertTrue(a.toString().startsWith(EchoImpl.class.getName() + "["), a.toString());
        assertTrue(a.getRef() != null);
        UnicastRemoteObject.unexportObject(a, true);
        UnicastRemoteObject.unexportObject(b, true);
        assertEquals(a.hashCode(), stub.hashCode(), "identity survives unexport, as java.rmi keeps its ref");
    }

    @Test
    void anExportedSubclassInstanceTravelsAsItsStub() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            EchoImpl impl = new EchoImpl("x:");
            Echo stub = (Echo) UnicastRemoteObject.toStub(impl);
            Remote back = stub.same(impl);              // the argument is serialized on the way
            assertInstanceOf(RemoteStub.class, back);
            assertNotSame(impl, back);
            assertEquals(stub, back);
            assertEquals("x:1", ((Echo) back).echo("1"));
            UnicastRemoteObject.unexportObject(impl, true);
        });
    }

    @Test
    void clientHostInsideAndOutsideACall() throws Exception {
        assertThrows(ServerNotActiveException.class, RemoteServer::getClientHost);
        EchoImpl impl = new EchoImpl("");
        Echo stub = (Echo) UnicastRemoteObject.toStub(impl);
        assertEquals("127.0.0.1", stub.clientHost());
        UnicastRemoteObject.unexportObject(impl, true);
    }

    @Test
    void exportingTwiceAndUnexportingTwiceFailAsInJavaRmi() throws Exception {
        EchoImpl impl = new EchoImpl("");
        assertThrows(ExportException.class, () -> UnicastRemoteObject.exportObject(impl, 0));
        assertTrue(UnicastRemoteObject.unexportObject(impl, true));
        assertThrows(NoSuchObjectException.class, () -> UnicastRemoteObject.unexportObject(impl, true));
        assertThrows(NoSuchObjectException.class, () -> UnicastRemoteObject.toStub(impl));
    }

    @Test
    void aCloneIsExportedOnItsOwn() throws Exception {
        EchoImpl impl = new EchoImpl("c:");
        EchoImpl copy = (EchoImpl) impl.clone();
        assertTrue(Rmi.isExported(copy));
        assertNotEquals(impl, copy);
        assertEquals("c:1", ((Echo) UnicastRemoteObject.toStub(copy)).echo("1"));
        UnicastRemoteObject.unexportObject(impl, true);
        UnicastRemoteObject.unexportObject(copy, true);
    }

    @Test
    void aNeverExportedRemoteObjectComparesByIdentity() {
        RemoteObject plain = new RemoteObject() { };
        assertNull(plain.getRef());
        assertEquals(plain, plain);
        assertNotEquals(plain, new RemoteObject() { });
        assertEquals(System.identityHashCode(plain), plain.hashCode());
    }

    @Test
    void aStubOfAnObjectExportedOnAnExplicitPortNamesThatPort() throws Exception {
        int port = freePort();
        EchoImpl impl = new EchoImpl("p:");
        EchoImplOnPort onPort = new EchoImplOnPort();
        Remote other = UnicastRemoteObject.exportObject(onPort, port);
        assertTrue(other.toString().contains("tcp://127.0.0.1:" + port), other.toString());
        assertTrue(!UnicastRemoteObject.toStub(impl).toString().contains(":" + port),
                "an object exported on any port keeps the process's endpoint: " + UnicastRemoteObject.toStub(impl));
        UnicastRemoteObject.unexportObject(onPort, true);
        UnicastRemoteObject.unexportObject(impl, true);
    }

    @Test
    void aRegistryCanBeCreatedAgainOnItsPortAfterUnexport() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int port = freePort();
            Registry first = LocateRegistry.createRegistry(port);
            assertThrows(ExportException.class, () -> LocateRegistry.createRegistry(port), "one per port");
            Registry remote = LocateRegistry.getRegistry("127.0.0.1", port);
            remote.rebind("r", remote);
            UnicastRemoteObject.unexportObject(first, true);
            assertThrows(NoSuchObjectException.class, remote::list);
            assertEquals(0, LocateRegistry.localPort());
            Registry second = LocateRegistry.createRegistry(port);
            assertEquals(port, LocateRegistry.localPort());
            assertEquals(0, remote.list().length, "a fresh registry");
            UnicastRemoteObject.unexportObject(second, true);
        });
    }

    static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Exported through the static method rather than a constructor. */
    static final class EchoImplOnPort implements Echo {
        @Override
        public String echo(String s) {
            return s;
        }

        @Override
        public String clientHost() {
            return "";
        }

        @Override
        public Remote same(Remote r) {
            return r;
        }
    }
}
