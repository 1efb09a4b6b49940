package io.mobula.examples.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import io.mobula.transport.TlsKeyStores;
import io.mobula.examples.auth.AuthServerMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * RMI over TLS between JVMs ({@code mobula.tls=true}, keys and trust from the standard {@code javax.net.ssl}
 * properties, TCP only so that shared memory does not bypass TLS): members call each other both ways, with the
 * cluster secret checked inside TLS; a JVM without TLS, and one whose key nobody trusts, are refused promptly and
 * nothing they send runs.
 */
class TlsAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    private static Path dir;
    private static TlsKeyStores keys;
    private static String secret;
    private static ChildJvm server;
    private static int port;

    private static List<String> jvmArgs(String identity) {
        List<String> args = new ArrayList<>(List.of("-Dmobula.transports=tcp", "-Dmobula.handshakeTimeoutMs=3000"));
        if (identity != null) {
            args.add("-Dmobula.tls=true");
            args.addAll(keys.systemProperties(identity));
        }
        return args;
    }

    private static Map<String, String> env(String secretValue) {
        Map<String, String> e = new HashMap<>();
        e.put("MOBULA_SECRET", secretValue);
        e.put("MOBULA_SECRET_FILE", null);
        return e;
    }

    @BeforeAll
    static void startServer() throws Exception {
        dir = Files.createTempDirectory("mobula-tls");
        keys = TlsKeyStores.create(dir, List.of("alice", "bob"), List.of("mallory"));
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        secret = Base64.getEncoder().encodeToString(b);
        server = ChildJvm.startWithEnv(List.of(), env(secret), AuthServerMain.class, jvmArgs("alice"));
        server.awaitLine("OBJECT ", Duration.ofSeconds(30));
        port = Integer.parseInt(server.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
        if (dir != null) {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    /** {authFailures, touched} of the server now. */
    private static long[] stats() throws Exception {
        server.send("STATS");
        String[] f = server.awaitLine("STATS ", Duration.ofSeconds(10)).split("[ =]");
        return new long[] {Long.parseLong(f[2]), Long.parseLong(f[4])};
    }

    private static String call(List<String> jvmArgs) throws Exception {
        try (ChildJvm c = ChildJvm.startWithEnv(List.of(), env(secret), TlsClientMain.class, jvmArgs,
                Integer.toString(port))) {
            assertEquals(0, c.waitFor(Duration.ofSeconds(60)), c.output());
            String line = c.awaitLine("CALL ", Duration.ofSeconds(1));
            System.out.println(line); // shows in the test report: what a refused client was told
            return line;
        }
    }

    @Test
    void membersCallEachOtherOverTlsBothWays() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] before = stats();
            String line = call(jvmArgs("bob"));
            assertTrue(line.startsWith("CALL OK") && line.contains("callback=42") && line.endsWith("transport=tls"),
                    line);
            long[] after = stats();
            assertEquals(before[0], after[0], "the cluster secret checks out inside TLS");
            assertEquals(before[1] + 1, after[1]);
        });
    }

    @Test
    void aJvmWithoutTlsCannotConnectAndNothingRuns() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] before = stats();
            String line = call(jvmArgs(null));
            String[] f = line.split(" ", 5);
            assertEquals("CALL REFUSED", f[0] + " " + f[1], line);
            assertTrue(f[2].startsWith("java.rmi."), line);
            assertTrue(Long.parseLong(f[3]) < 10_000, "refused promptly: " + line);
            assertEquals(before[1], stats()[1], "nothing ran");
        });
    }

    @Test
    void aJvmWhoseKeyNobodyTrustsIsRefused() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] before = stats();
            String line = call(jvmArgs("mallory"));
            String[] f = line.split(" ", 5);
            assertEquals("CALL REFUSED", f[0] + " " + f[1], line);
            assertTrue(Long.parseLong(f[3]) < 10_000, "refused promptly: " + line);
            assertEquals(before[1], stats()[1], "nothing ran");
        });
    }
}
