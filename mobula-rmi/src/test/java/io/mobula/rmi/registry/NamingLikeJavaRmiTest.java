package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.mobula.rmi.Naming;
import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.MalformedURLException;
import java.net.ServerSocket;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Mobula's Naming reads URLs as java.rmi.Naming does: the same strings, with the port of a java.rmi registry or of a
 * Mobula registry (both on 127.0.0.1, each with a binding "x"), give the same outcome on both.
 */
class NamingLikeJavaRmiTest {
    private static java.rmi.registry.Registry jdkRegistry;
    private static int jdkPort;
    private static int mobulaPort;

    /** Binds the JDK registry to 127.0.0.1 on an ephemeral port and remembers it. */
    private static final class LoopbackServerSockets implements RMIServerSocketFactory, Serializable {
        transient ServerSocket made;

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            made = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            return made;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LoopbackServerSockets;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @BeforeAll
    static void registries() throws Exception {
        LoopbackServerSockets ssf = new LoopbackServerSockets();
        jdkRegistry = java.rmi.registry.LocateRegistry.createRegistry(0, null, ssf);
        jdkPort = ssf.made.getLocalPort();
        jdkRegistry.rebind("x", jdkRegistry);
        mobulaPort = SharedRegistry.port();
        LocateRegistry.getRegistry("127.0.0.1", mobulaPort).rebind("x", LocateRegistry.getRegistry(mobulaPort));
    }

    @AfterAll
    static void stop() throws Exception {
        UnicastRemoteObject.unexportObject(jdkRegistry, true);
    }

    /** %d is the registry's port. */
    private static final List<String> URLS = List.of(
            "rmi://127.0.0.1:%d/x", "//127.0.0.1:%d/x", "rmi://localhost:%d/x", "rmi://127.0.0.1:%d/y",
            "rmi://127.0.0.1:%d/", "rmi://127.0.0.1:%d", "//127.0.0.1:%d", "rmi://127.0.0.1:%d/x/y",
            "//:%d/x", "rmi://:%d/x", "rmi://:%d", "//:%d",
            "rmi://127.0.0.1:%d/x?a=1", "rmi://127.0.0.1:%d/x#f", "rmi://u@127.0.0.1:%d/x", "rmi://u@:%d/x",
            "http://127.0.0.1:%d/x", "RMI://127.0.0.1:%d/x", "rmi:127.0.0.1:%d/x", "127.0.0.1:%d/x",
            "localhost:%d/x", "rmi://127.0.0.1:%dz/x", "rmi://127.0.0.1:%d/a b", "rmi://bad_host:%d/x",
            "rmi://127.0.0.1:-%d/x", "rmi:/x:%d", "/x%d", "x%d", "rmi:x%d", "", "rmi:", "rmi://", "//", "/",
            "rmi:///x", "rmi://127.0.0.1:/x");

    @Test
    void sameOutcomeAsJavaRmiNaming() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            List<String> jdk = new ArrayList<>();
            List<String> mobula = new ArrayList<>();
            for (String u : URLS) {
                jdk.add(u + " -> " + jdkOutcome(u.replace("%d", Integer.toString(jdkPort))));
                mobula.add(u + " -> " + mobulaOutcome(u.replace("%d", Integer.toString(mobulaPort))));
            }
            // the comparison means something only if the registries answer: anchor a few known outcomes
            assertEquals("rmi://127.0.0.1:%d/x -> bound", jdk.get(0));
            assertEquals("rmi://127.0.0.1:%d/y -> not bound", jdk.get(3));
            assertEquals("rmi://127.0.0.1:%d/ -> the registry", jdk.get(4));
            assertEquals("rmi://127.0.0.1:%d/x?a=1 -> malformed", jdk.get(12));
            assertEquals(String.join("\n", jdk), String.join("\n", mobula));
        });
    }

    private static String jdkOutcome(String url) {
        try {
            Remote r = java.rmi.Naming.lookup(url);
            return r instanceof java.rmi.registry.Registry && !url.contains("/x") ? "the registry" : "bound";
        } catch (Exception e) {
            return classify(e);
        }
    }

    private static String mobulaOutcome(String url) {
        try {
            Remote r = Naming.lookup(url);
            return r instanceof Registry && !url.contains("/x") ? "the registry" : "bound";
        } catch (Exception e) {
            return classify(e);
        }
    }

    private static String classify(Exception e) {
        if (e instanceof MalformedURLException) {
            return "malformed";
        }
        if (e instanceof NotBoundException) {
            return "not bound";
        }
        if (e instanceof RemoteException) {
            return "unreachable";
        }
        return e.getClass().getSimpleName();
    }
}
