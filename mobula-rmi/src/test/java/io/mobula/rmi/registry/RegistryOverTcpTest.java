package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.Naming;
import io.mobula.rmi.RemoteStub;
import java.net.MalformedURLException;
import java.rmi.AlreadyBoundException;
import java.rmi.ConnectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The registry reached over loopback TCP from its own process: the full call path (stub, connection, dispatch,
 * reply, exceptions) with the hand-written registry stub and dispatcher.
 */
class RegistryOverTcpTest {
    private static int port;
    private static Registry remote;

    @BeforeAll
    static void start() throws Exception {
        port = SharedRegistry.port();
        remote = LocateRegistry.getRegistry("127.0.0.1", port);
    }

    @Test
    void bindLookupListUnbind() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            remote.rebind("me", remote);            // a stub travels as a reference
            Remote back = remote.lookup("me");
            assertInstanceOf(Registry.class, back);
            assertInstanceOf(RemoteStub.class, back);
            assertEquals(remote, back, "the same remote object");
            assertTrue(Arrays.asList(remote.list()).contains("me"));
            // the looked-up stub works too
            assertTrue(Arrays.asList(((Registry) back).list()).contains("me"));
            remote.unbind("me");
            assertThrows(NotBoundException.class, () -> remote.lookup("me"));
        });
    }

    @Test
    void applicationExceptionsTravelWithBothStacks() throws Exception {
        remote.rebind("taken", remote);
        AlreadyBoundException e = assertThrows(AlreadyBoundException.class, () -> remote.bind("taken", remote));
        assertEquals("taken", e.getMessage());
        String trace = Arrays.toString(e.getStackTrace());
        assertTrue(trace.contains("RegistryImpl.bind"), "server frames kept: " + trace);
        assertTrue(trace.contains("RegistryOverTcpTest"), "caller frames appended: " + trace);
        remote.unbind("taken");
    }

    @Test
    void manyThreadsShareTheConnection() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Thread[] ts = new Thread[8];
            Throwable[] failure = new Throwable[1];
            for (int i = 0; i < ts.length; i++) {
                String name = "t" + i;
                ts[i] = Thread.ofPlatform().start(() -> {
                    try {
                        for (int k = 0; k < 200; k++) {
                            remote.rebind(name, remote);
                            assertEquals(remote, remote.lookup(name));
                        }
                        remote.unbind(name);
                    } catch (Throwable t) {
                        failure[0] = t;
                    }
                });
            }
            for (Thread t : ts) {
                t.join();
            }
            if (failure[0] != null) {
                throw new AssertionError(failure[0]);
            }
        });
    }

    @Test
    void namingUrls() throws Exception {
        String url = "mobula://127.0.0.1:" + port + "/named";
        Naming.rebind(url, remote);
        assertEquals(remote, Naming.lookup("rmi://127.0.0.1:" + port + "/named"));
        assertTrue(Arrays.asList(Naming.list("//127.0.0.1:" + port)).contains("//127.0.0.1:" + port + "/named"));
        Naming.unbind(url);
        assertEquals(remote, Naming.lookup("mobula://127.0.0.1:" + port + "/"), "no name: the registry itself");
        assertThrows(MalformedURLException.class, () -> Naming.lookup("mobula://127.0.0.1:" + port + "/x?y"));
    }

    @Test
    void nobodyListeningFailsPromptlyWithConnectException() throws Exception {
        int dead;
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            dead = s.getLocalPort();
        }
        Registry none = LocateRegistry.getRegistry("127.0.0.1", dead);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(ConnectException.class, none::list));
    }

    @Test
    void listIsACopy() throws Exception {
        remote.rebind("a", remote);
        String[] first = remote.list();
        first[0] = "changed";
        assertArrayEquals(remote.list(), LocateRegistry.getRegistry(port).list());
        remote.unbind("a");
    }
}
