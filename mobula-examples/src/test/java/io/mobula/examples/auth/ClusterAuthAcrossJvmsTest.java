package io.mobula.examples.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
 * Cluster authentication between JVMs: peers with the secret call each other (plain TCP, shared memory and the
 * socket-factory transport); a peer with another secret or none is refused before anything runs, promptly and with a
 * {@code ConnectIOException}; a hand-made peer that skips the handshake gets nothing dispatched, nothing but the
 * server's HELLO, and is closed; a silent one is closed after the handshake timeout.
 */
class ClusterAuthAcrossJvmsTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final long HANDSHAKE_MS = 1500;

    private static Path dir;
    private static String secret;
    private static Server guarded;
    private static Server guardedSockets;

    /** A server child and the ports it prints. */
    private record Server(ChildJvm jvm, int port, long objectId) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            jvm.close();
        }

        /** A server with a plain registry, or with {@code sockets} one through socket factories. */
        static Server start(List<String> jvmArgs, Map<String, String> env, boolean sockets) throws Exception {
            ChildJvm jvm = ChildJvm.startWithEnv(List.of(), env, AuthServerMain.class, jvmArgs,
                    sockets ? new String[] {Integer.toString(freePort())} : new String[0]);
            long id = Long.parseLong(jvm.awaitLine("OBJECT ", Duration.ofSeconds(30)).substring(7).trim());
            int port = Integer.parseInt(jvm.awaitLine("READY ", Duration.ofSeconds(30)).substring(6).trim());
            return new Server(jvm, port, id);
        }

        /** {authFailures, touched} of the server now. */
        long[] stats() throws Exception {
            jvm.send("STATS");
            String[] f = jvm.awaitLine("STATS ", Duration.ofSeconds(10)).split("[ =]");
            return new long[] {Long.parseLong(f[2]), Long.parseLong(f[4])};
        }
    }

    private static Map<String, String> env(String secretValue) {
        Map<String, String> e = new HashMap<>();
        e.put("MOBULA_SECRET", secretValue); // null: none, by choice (else the per-user cookie would be used)
        e.put("MOBULA_SECRET_FILE", null);
        e.put("MOBULA_AUTH", secretValue == null ? "none" : null);
        return e;
    }

    /** No secret in the environment: the server's comes from its -Dmobula.secretFile. */
    private static Map<String, String> fileOnly() {
        Map<String, String> e = env(null);
        e.put("MOBULA_AUTH", null);
        return e;
    }

    private static String randomSecret() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getEncoder().encodeToString(b);
    }

    @BeforeAll
    static void startServer() throws Exception {
        dir = Files.createTempDirectory("mobula-auth");
        secret = randomSecret();
        Path file = dir.resolve("secret");
        Files.writeString(file, secret + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        // the server reads the file, the clients the environment variable: the same secret
        List<String> jvm = List.of("-Dmobula.secretFile=" + file, "-Dmobula.handshakeTimeoutMs=" + HANDSHAKE_MS);
        guarded = Server.start(jvm, fileOnly(), false);
        guardedSockets = Server.start(jvm, fileOnly(), true);
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (guarded != null) {
            guarded.close();
        }
        if (guardedSockets != null) {
            guardedSockets.close();
        }
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    private static ChildJvm client(String secretValue) throws IOException {
        return ChildJvm.startWithEnv(List.of(), env(secretValue), AuthClientMain.class, List.of(),
                Integer.toString(guarded.port()), Integer.toString(guardedSockets.port()));
    }

    @Test
    void peersWithTheSecretCallEachOtherOverTcpSharedMemoryAndSocketFactories() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] before = stats();
            try (ChildJvm c = client(secret)) {
                assertEquals(0, c.waitFor(Duration.ofSeconds(60)), c.output());
                String sockets = c.awaitLine("SOCKETS ", Duration.ofSeconds(1));
                assertTrue(sockets.startsWith("SOCKETS OK") && sockets.contains("callback=42"), c.output());
                String plain = c.awaitLine("PLAIN ", Duration.ofSeconds(1));
                assertTrue(plain.startsWith("PLAIN OK") && plain.contains("callback=42"), c.output());
                assertTrue(plain.endsWith("transport=shm"), "authenticated peers on one host upgrade to shared memory: "
                        + plain);
            }
            long[] after = stats();
            assertEquals(before[0], after[0], "no authentication failure");
            assertTrue(after[1] >= before[1] + 2, "both calls ran");
        });
    }

    @Test
    void aPeerWithAnotherSecretOrNoneIsRefusedPromptlyAndNothingRuns() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] before = stats();
            for (String s : new String[] {randomSecret(), null}) {
                try (ChildJvm c = client(s)) {
                    assertEquals(0, c.waitFor(Duration.ofSeconds(60)), c.output());
                    for (String what : List.of("SOCKETS", "PLAIN")) {
                        String line = c.awaitLine(what + " ", Duration.ofSeconds(1));
                        String[] f = line.split(" ", 5);
                        assertEquals(what + " REFUSED java.rmi.ConnectIOException", f[0] + " " + f[1] + " " + f[2],
                                c.output());
                        // refused by the handshake itself, not by waiting out a timeout
                        assertTrue(Long.parseLong(f[3]) < 4_000, line);
                        if (s == null) {
                            assertTrue(f[4].contains("requires cluster authentication"), line);
                        }
                    }
                }
            }
            long[] after = stats();
            assertEquals(before[0] + 4, after[0], "one counted failure per refused connection");
            assertEquals(before[1], after[1], "no refused peer got a call through");
        });
    }

    @Test
    void aRawPeerThatSkipsTheHandshakeGetsNothingDispatchedAndIsClosed() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            // the same frames against a server without a secret run the method: they are well-formed calls
            try (Server open = Server.start(List.of(), env(null), false)) {
                try (Socket s = connect(open.port())) {
                    List<byte[]> got = sendHelloAndCalls(s, open.objectId(), false);
                    assertTrue(got.size() >= 2, "the server answered the calls");
                }
                assertTrue(open.stats()[1] >= 1, "the unauthenticated server ran touch()");
            }

            long[] before = guarded.stats();
            long t0 = System.nanoTime();
            try (Socket s = connect(guarded.port())) {
                List<byte[]> got = sendHelloAndCalls(s, guarded.objectId(), true);
                assertEquals(1, got.size(), "nothing but the server's HELLO comes back");
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < HANDSHAKE_MS, "closed at the first frame that is not an answer, not by a timeout: " + ms);
            long[] after = guarded.stats();
            assertEquals(before[1], after[1], "no call was dispatched");
            assertEquals(before[0] + 1, after[0]);
        });
    }

    @Test
    void aSilentPeerIsClosedAfterTheHandshakeTimeout() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            long[] before = guarded.stats();
            for (boolean hello : new boolean[] {false, true}) {
                long t0 = System.nanoTime();
                try (Socket s = connect(guarded.port())) {
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    if (hello) {
                        writeFrame(out, hello(true));
                    }
                    assertEquals(1, readUntilClosed(s).size());
                }
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= HANDSHAKE_MS - 200 && ms < HANDSHAKE_MS + 3_000,
                        "closed " + ms + " ms after connecting (handshake timeout " + HANDSHAKE_MS + " ms)");
            }
            assertEquals(before[0] + 2, guarded.stats()[0]);
        });
    }

    @Test
    void aFloodOfStalledPeersMakesTwoWarningLinesNotOnePerPeer() throws Exception {
        assertTimeoutPreemptively(LIMIT, () -> {
            int peers = 30;
            try (Server s = Server.start(List.of("-Dmobula.handshakeTimeoutMs=800"), env(secret), false)) {
                List<Socket> stalled = new ArrayList<>();
                try {
                    for (int i = 0; i < peers; i++) {
                        stalled.add(connect(s.port()));
                    }
                    for (Socket k : stalled) {
                        assertEquals(1, readUntilClosed(k).size(), "the server's HELLO, then the close");
                    }
                } finally {
                    for (Socket k : stalled) {
                        k.close();
                    }
                }
                assertEquals(peers, s.stats()[0], "every stalled peer counted");
                // the summary of the period comes when it ends (10 s after the first line)
                String summary = s.jvm().awaitLine("WARNING: dropping the connection from", Duration.ofSeconds(20));
                if (!summary.contains("more in the last")) {
                    summary = s.jvm().awaitLine("WARNING: dropping the connection from", Duration.ofSeconds(20));
                }
                assertTrue(summary.contains("(and " + (peers - 2) + " more in the last 10 s)"), summary);
                long lines = s.jvm().output().lines().filter(l -> l.startsWith("WARNING: dropping the connection"))
                        .count();
                assertEquals(2, lines, "one line at once, one summary: " + s.jvm().output());
            }
        });
    }

    /** {authFailures, touched} of both guarded servers together. */
    private static long[] stats() throws Exception {
        long[] a = guarded.stats();
        long[] b = guardedSockets.stats();
        return new long[] {a[0] + b[0], a[1] + b[1]};
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        s.setSoTimeout(10_000);
        return s;
    }

    /** A HELLO as a peer of protocol version 4 sends it, big endian, offering authentication (with a nonce) or not. */
    private static byte[] hello(boolean auth) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        d.writeByte(1);                      // big endian
        d.writeInt(0x4d4f4231);              // magic
        d.writeInt(4);                       // version (RmiProtocol.VERSION)
        d.writeLong(new SecureRandom().nextLong()); // vm id
        d.writeByte(0);                      // no endpoints
        d.writeByte(auth ? 1 : 0);           // HMAC-SHA256 challenge-response, or none
        if (auth) {
            byte[] nonce = new byte[32];
            new SecureRandom().nextBytes(nonce);
            d.write(nonce);
        }
        return b.toByteArray();
    }

    /** A call of {@code methodId} without arguments. */
    private static byte[] call(long objectId, int methodId) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        d.writeByte(2);                      // CALL
        d.writeByte(0);                      // flags
        d.writeShort(0);
        d.writeInt(1 + methodId);            // call id
        d.writeLong(objectId);
        d.writeLong(Guarded_MobulaDispatcher.INTERFACE_HASH);
        d.writeInt(methodId);
        d.writeInt(0);                       // sequence
        return b.toByteArray();
    }

    /** HELLO, then a call of each method (one of them touch()), then every frame until the server closes. */
    private static List<byte[]> sendHelloAndCalls(Socket s, long objectId, boolean auth) throws IOException {
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        writeFrame(out, hello(auth));
        for (int m = 0; m < 2; m++) {
            writeFrame(out, call(objectId, m));
        }
        out.flush();
        if (!auth) {
            // an open server answers and keeps the connection: read its HELLO and the two replies
            DataInputStream in = new DataInputStream(s.getInputStream());
            List<byte[]> frames = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                frames.add(in.readNBytes(in.readInt()));
            }
            return frames;
        }
        return readUntilClosed(s);
    }

    private static void writeFrame(DataOutputStream out, byte[] frame) throws IOException {
        out.writeInt(frame.length);
        out.write(frame);
        out.flush();
    }

    private static List<byte[]> readUntilClosed(Socket s) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        List<byte[]> frames = new ArrayList<>();
        try {
            while (true) {
                int n = in.readInt();
                frames.add(in.readNBytes(n));
            }
        } catch (EOFException | SocketException closed) {
            return frames;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
