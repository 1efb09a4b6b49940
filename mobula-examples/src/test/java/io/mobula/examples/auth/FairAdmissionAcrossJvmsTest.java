package io.mobula.examples.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Fair admission: one local process holding every per-host connection place with connections that never
 * authenticate does not lock the other local clients out (the oldest unauthenticated connection gives way), and a
 * client refused because every place is held by authenticated peers is told that, not a guess about secrets.
 */
class FairAdmissionAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    private static Map<String, String> env(String secret) {
        Map<String, String> e = new HashMap<>();
        e.put("MOBULA_SECRET", secret);
        e.put("MOBULA_SECRET_FILE", null);
        return e;
    }

    private static ChildJvm server(String secret, int perHost) throws IOException {
        return ChildJvm.startWithEnv(List.of(), env(secret), BigCallServerMain.class,
                List.of("-Dmobula.handshakeTimeoutMs=30000", "-Dmobula.transports=tcp",
                        "-Dmobula.maxAcceptedConnectionsPerHost=" + perHost));
    }

    private static String call(String secret, int port) throws Exception {
        try (ChildJvm c = ChildJvm.startWithEnv(List.of(), env(secret), BigCallClientMain.class,
                List.of("-Dmobula.transports=tcp"), Integer.toString(port), "1")) {
            String line = c.awaitLine("CALL ", Duration.ofSeconds(60));
            assertEquals(0, c.waitFor(Duration.ofSeconds(30)), c.output());
            return line;
        }
    }

    @Test
    void silentConnectionsOfOneProcessDoNotLockOutTheHostsOtherClients() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            String secret = secret();
            int places = 16;
            try (ChildJvm server = server(secret, places)) {
                int port = Integer.parseInt(server.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
                List<Socket> squatters = new ArrayList<>();
                try {
                    for (int i = 0; i < places; i++) {
                        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
                        s.setSoTimeout(200);
                        squatters.add(s); // never says HELLO: holds its place until the handshake timeout (30 s)
                    }
                    Thread.sleep(500);
                    assertEquals("CALL OK", call(secret, port), "a client of the same host gets in");
                    int closed = 0;
                    for (Socket s : squatters) {
                        if (closedByServer(s)) {
                            closed++;
                        }
                    }
                    assertTrue(closed >= 1 && closed <= 3, "the oldest silent connections gave way: " + closed);
                } finally {
                    for (Socket s : squatters) {
                        s.close();
                    }
                }
            }
        });
    }

    @Test
    void aClientRefusedBecauseEveryPlaceIsTakenByAuthenticatedPeersIsToldSo() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            String secret = secret();
            try (ChildJvm server = server(secret, 1)) {
                int port = Integer.parseInt(server.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
                try (ChildJvm holder = ChildJvm.startWithEnv(List.of(), env(secret), HoldingClientMain.class,
                        List.of("-Dmobula.transports=tcp"), Integer.toString(port))) {
                    holder.awaitLine("HELD", Duration.ofSeconds(60));
                    String result = call(secret, port);
                    assertTrue(result.startsWith("CALL FAILED java.rmi.ConnectIOException"), result);
                    assertTrue(result.contains("already has 1 connections to this process, all of authenticated"
                            + " peers") && result.contains("mobula.maxAcceptedConnectionsPerHost"), result);
                    assertTrue(!result.contains("another cluster secret"), result);
                }
            }
        });
    }

    /** Whether the server closed {@code s} (after a refusal frame, or at once). */
    private static boolean closedByServer(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        try {
            while (true) {
                if (in.read() < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static String secret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getEncoder().encodeToString(b);
    }
}
