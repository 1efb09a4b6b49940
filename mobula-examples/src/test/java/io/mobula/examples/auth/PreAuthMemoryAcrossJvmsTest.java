package io.mobula.examples.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Memory before authentication: peers that have not authenticated cannot make the server hold large frames, so they
 * cannot take the receive budget an authenticated caller needs; and a call the server has no room for fails with an
 * error that says so, on both sides.
 */
class PreAuthMemoryAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);

    private static Map<String, String> env(String secret) {
        Map<String, String> e = new HashMap<>();
        e.put("MOBULA_SECRET", secret);
        e.put("MOBULA_SECRET_FILE", null);
        return e;
    }

    private static String randomSecret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getEncoder().encodeToString(b);
    }

    private static ChildJvm server(String secret, String heap) throws IOException {
        // a long handshake timeout: the attack holds its connections open as long as the test needs
        return ChildJvm.startWithEnv(List.of(), env(secret), BigCallServerMain.class,
                List.of(heap, "-Dmobula.handshakeTimeoutMs=30000", "-Dmobula.transports=tcp"));
    }

    private static String call(String secret, int port, int mib) throws Exception {
        try (ChildJvm c = ChildJvm.startWithEnv(List.of(), env(secret), BigCallClientMain.class,
                List.of("-Xmx512m", "-Dmobula.transports=tcp"), Integer.toString(port), Integer.toString(mib))) {
            String line = c.awaitLine("CALL ", Duration.ofSeconds(60));
            if (line.startsWith("CALL FAILED")) {
                line += " // " + c.awaitLine("THEN ", Duration.ofSeconds(30));
            }
            assertEquals(0, c.waitFor(Duration.ofSeconds(30)), c.output());
            return line;
        }
    }

    private static long rss(ChildJvm server) throws Exception {
        server.send("RSS");
        return Long.parseLong(server.awaitLine("RSS ", Duration.ofSeconds(20)).substring(4).trim());
    }

    /**
     * Announces a frame of {@code announced} bytes without a HELLO and sends {@code body} bytes of it; returns how
     * many the server took before it closed the connection (all of them if it did not).
     */
    private static long attack(int port, int announced, int body) {
        long sent = 0;
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(announced);
            byte[] chunk = new byte[1 << 20];
            OutputStream raw = s.getOutputStream();
            while (sent < body) {
                raw.write(chunk);
                sent += chunk.length;
            }
            raw.flush();
            Thread.sleep(8_000); // hold the frame half sent while the authenticated client calls
        } catch (IOException | InterruptedException e) {
            return sent; // closed by the server
        }
        return sent;
    }

    @Test
    void unauthenticatedHugeFramesDoNotStarveAnAuthenticatedLargeCall() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            String secret = randomSecret();
            // 512 MiB heap: a receive budget of 256 MiB, which ten half-sent 60 MiB frames would exhaust
            try (ChildJvm server = server(secret, "-Xmx512m")) {
                int port = Integer.parseInt(server.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
                long before = rss(server);
                ExecutorService pool = Executors.newFixedThreadPool(10);
                List<Future<Long>> attackers = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    attackers.add(pool.submit(() -> attack(port, 63 << 20, 60 << 20)));
                }
                Thread.sleep(4_000); // the attackers' bytes are in (or refused) by now
                long during = rss(server);
                String result = call(secret, port, 40);
                assertEquals("CALL OK", result, "an authenticated 40 MiB call succeeds under the attack");
                long refused = 0;
                for (Future<Long> a : attackers) {
                    if (a.get(60, TimeUnit.SECONDS) < (60 << 20)) {
                        refused++;
                    }
                }
                pool.shutdownNow();
                assertEquals(10, refused, "every frame announced before the handshake is refused at its header");
                assertTrue(during - before < 64 * 1024, "server RSS grew by " + (during - before)
                        + " KiB under the attack (before " + before + " KiB)");
            }
        });
    }

    @Test
    void aCallTheServerHasNoRoomForFailsSayingSoOnBothSides() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            String secret = randomSecret();
            // 64 MiB heap: a receive budget of 32 MiB, too little for a 40 MiB call
            try (ChildJvm server = server(secret, "-Xmx64m")) {
                int port = Integer.parseInt(server.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
                String result = call(secret, port, 40);
                assertTrue(result.startsWith("CALL FAILED java.rmi.ServerException"), result);
                assertTrue(result.contains("refused the call for lack of resources")
                        && result.contains("receive budget exhausted"), result);
                assertTrue(result.endsWith(" // THEN OK"), "the caller's next call works: " + result);
                String log = server.awaitLine("WARNING: refused a frame of", Duration.ofSeconds(10));
                assertTrue(log.contains("receive budget exhausted")
                        && log.contains("the call was answered with this error"), log);
                // the server goes on serving
                assertEquals("CALL OK", call(secret, port, 1));
            }
        });
    }
}
