package io.mobula.transport;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connections that stay idle give their receive thread up ({@link TransportOptions#idleReceiver()}): they hold no
 * thread while idle, and still deliver, close and report exactly as a connection with a thread of its own. Written once
 * for the socket transports in polling mode; a subclass says how to make the transport and a raw peer.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class IdleConnectionsTest {

    static final Duration IDLE = Duration.ofMillis(150);
    static final Duration PROMPT = Duration.ofSeconds(1);
    /** How many receive threads may be left once everything is idle (late stragglers, a test's own wake-ups). */
    static final int FEW_THREADS = 8;

    abstract Transport newTransport(TransportOptions options);

    abstract Endpoint anyEndpoint();

    /** A socket speaking the transport's bytes (plain or TLS) to {@code listening}, handshake done. */
    abstract Socket rawPeer(Endpoint listening) throws IOException;

    /** How many connections the many-connections test opens. */
    abstract int manyConnections();

    Transport transport;
    Recorder server;
    Recorder client;
    Listener listener;

    @BeforeEach
    void setUp() throws IOException {
        transport = newTransport(TransportOptions.defaults().withIdleReceiver(IDLE)
                .withConnectionLimits(new ConnectionLimits(4096, 4096))); // more than the per-host default
        server = new Recorder();
        client = new Recorder();
        listener = transport.listen(anyEndpoint(), server);
    }

    @AfterEach
    void tearDown() {
        transport.close();
        assertEquals(List.of(), server.violations, "server-side contract violations");
        assertEquals(List.of(), client.violations, "client-side contract violations");
    }

    static int receiveThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("mobula-") && t.getName().contains("-recv-"))
                .count();
    }

    /** The process's open epoll descriptors (one per open selector on Linux); -1 where /proc is missing. */
    static long epollDescriptors() throws IOException {
        java.nio.file.Path fds = java.nio.file.Path.of("/proc/self/fd");
        if (!java.nio.file.Files.isDirectory(fds)) {
            return -1;
        }
        try (var list = java.nio.file.Files.list(fds)) {
            return list.filter(fd -> {
                try {
                    return java.nio.file.Files.readSymbolicLink(fd).toString().contains("eventpoll");
                } catch (IOException gone) {
                    return false; // closed meanwhile (the listing's own descriptor, for one)
                }
            }).count();
        }
    }

    static void awaitHibernated(Connection... connections) throws InterruptedException {
        long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
        while (!Arrays.stream(connections).allMatch(c -> ((StreamConnection) c).engine.hibernated())) {
            assertTrue(System.nanoTime() < deadline, "connections did not hibernate within " + Recorder.WAIT);
            Thread.sleep(10);
        }
    }

    static void awaitHibernations(Connection c, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
        while (((StreamConnection) c).engine.hibernations() < count || !((StreamConnection) c).engine.hibernated()) {
            assertTrue(System.nanoTime() < deadline, c + " did not hibernate " + count + " times within " + Recorder.WAIT);
            Thread.sleep(10);
        }
    }

    Connection[] pair() throws IOException, InterruptedException {
        Connection c = transport.connect(listener.endpoint(), client);
        return new Connection[] {c, server.nextOpened()};
    }

    static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    static byte[] pattern(int seed, int length) {
        return TransportConformanceTest.pattern(seed, length);
    }

    @Test
    void idleConnectionsHoldFewThreadsAndStillCarryFramesBothWays() throws Exception {
        int n = manyConnections();
        server.action = (c, frame) -> c.send(frame);
        List<Connection> connections = new ArrayList<>();
        List<Connection> accepted = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            connections.add(transport.connect(listener.endpoint(), client));
            accepted.add(server.nextOpened());
        }
        awaitHibernated(connections.toArray(Connection[]::new));
        awaitHibernated(accepted.toArray(Connection[]::new));
        int idleThreads = receiveThreads();
        assertTrue(idleThreads <= FEW_THREADS, 2 * n + " idle connections hold " + idleThreads + " receive threads");
        long selectors = epollDescriptors();
        assertTrue(selectors <= FEW_THREADS, 2 * n + " idle connections hold " + selectors
                + " epoll descriptors: an idle connection keeps its socket's descriptor only, not a selector's two");

        Map<Connection, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(connections.get(i), i);
            connections.get(i).send(direct(pattern(i, 100 + i)));
        }
        for (int k = 0; k < n; k++) {
            Recorder.Frame echoed = client.nextFrame();
            int i = index.get(echoed.connection());
            assertArrayEquals(pattern(i, 100 + i), echoed.bytes(), "echo on connection " + i);
        }
        for (Connection c : connections) {
            assertTrue(c.isOpen());
        }
        for (Connection c : accepted) {
            assertTrue(c.isOpen());
        }
        assertTrue(client.closed.isEmpty() && server.closed.isEmpty(), "no connection closed");
    }

    @Test
    void localCloseWhileIdleReportsOnceAndPromptly() throws Exception {
        Connection[] p = pair();
        Connection[] q = pair();
        awaitHibernated(p[0], p[1], q[0], q[1]);

        long start = System.nanoTime();
        p[0].close();
        Recorder.Closed local = client.nextClosed(PROMPT);
        assertEquals(p[0], local.connection());
        assertNull(local.cause(), "a local close is orderly");
        Recorder.Closed remote = server.nextClosed(PROMPT);
        assertEquals(p[1], remote.connection());
        assertNull(remote.cause(), "the peer closed at a frame boundary");
        assertTrue(System.nanoTime() - start < PROMPT.toNanos());

        // closed from another thread than any that used it
        Thread closer = Thread.ofPlatform().start(q[1]::close);
        closer.join(PROMPT.toMillis());
        assertEquals(q[1], server.nextClosed(PROMPT).connection());
        assertNull(client.nextClosed(PROMPT).cause());

        Thread.sleep(2 * IDLE.toMillis()); // time for a second, wrong report
        for (Connection c : List.of(p[0], p[1], q[0], q[1])) {
            Recorder r = c == p[0] || c == q[0] ? client : server;
            assertEquals(1, r.closeCounts.get(c).get(), "onClose once for " + c);
        }
        assertTrue(client.closed.isEmpty() && server.closed.isEmpty());
    }

    @Test
    void peerCloseWhileIdleIsOrderlyAtAFrameBoundary() throws Exception {
        Connection[] p = pair();
        p[0].send(direct(pattern(1, 10)));
        assertArrayEquals(pattern(1, 10), server.nextFrame().bytes());
        awaitHibernated(p[0], p[1]);
        p[1].close();
        Recorder.Closed closed = client.nextClosed(PROMPT);
        assertEquals(p[0], closed.connection());
        assertNull(closed.cause());
        assertFalse(p[0].isOpen());
    }

    @Test
    void peerVanishingMidFrameWhileIdleIsAFailure() throws Exception {
        try (Socket raw = rawPeer(listener.endpoint())) {
            Connection accepted = server.nextOpened();
            OutputStream out = raw.getOutputStream();
            out.write(ByteBuffer.allocate(14).putInt(100).put(pattern(2, 10)).array()); // 10 of 100 bytes
            out.flush();
            awaitHibernated(accepted);
            raw.setSoLinger(true, 0); // close with a reset
            raw.close();
            Recorder.Closed closed = server.nextClosed(PROMPT);
            assertEquals(accepted, closed.connection());
            assertNotNull(closed.cause(), "a peer gone in the middle of a frame is a failure");
        }
    }

    @Test
    void aLargeFrameArrivingAcrossIdlePeriodsIsAssembled() throws Exception {
        int size = 3 * FrameAssembly.INITIAL_RECEIVE_BUFFER + 12345; // the receive buffer grows on the way
        byte[] frame = pattern(7, size);
        byte[] wire = ByteBuffer.allocate(4 + size).putInt(size).put(frame).array();
        int[] cuts = {2, 4 + 1000, 4 + FrameAssembly.INITIAL_RECEIVE_BUFFER + 1, 4 + 2 * size / 3, wire.length};
        try (Socket raw = rawPeer(listener.endpoint())) {
            Connection accepted = server.nextOpened();
            OutputStream out = raw.getOutputStream();
            awaitHibernated(accepted);
            int from = 0;
            for (int cut : cuts) {
                int before = ((StreamConnection) accepted).engine.hibernations();
                out.write(wire, from, cut - from);
                out.flush();
                from = cut;
                if (cut < wire.length) {
                    awaitHibernations(accepted, before + 1); // woke for the piece, then idle again
                    assertTrue(server.frames.isEmpty(), "no frame before all of it arrived");
                }
            }
            assertTrue(((StreamConnection) accepted).engine.hibernations() >= cuts.length, "hibernated between pieces");
            Recorder.Frame got = server.nextFrame();
            assertEquals(accepted, got.connection());
            assertArrayEquals(frame, got.bytes());
            // and the connection goes on: a small frame after the large one
            out.write(ByteBuffer.allocate(8).putInt(4).putInt(0x5eed).array());
            out.flush();
            assertArrayEquals(ByteBuffer.allocate(4).putInt(0x5eed).array(), server.nextFrame().bytes());
        }
    }

    @Test
    void aCallerPollingAnIdleConnectionReceives() throws Exception {
        Connection[] p = pair();
        awaitHibernated(p[0], p[1]);
        p[1].send(direct(pattern(3, 50)));
        assertTrue(p[0].receiveUntil(() -> !client.frames.isEmpty(), Recorder.WAIT.toNanos()),
                "the polling caller got the frame");
        assertArrayEquals(pattern(3, 50), client.nextFrame().bytes());
        // the caller may have read the bytes before the shared selector saw them (the connection then stays
        // hibernated) or after (a receive thread started and hibernates again): either way it ends without a thread
        awaitHibernated(p[0]);
        p[1].send(direct(pattern(4, 60)));
        assertArrayEquals(pattern(4, 60), client.nextFrame().bytes());
    }

    @Test
    void idleReceiverZeroKeepsTheThread() throws Exception {
        Transport keeping = newTransport(TransportOptions.defaults().withIdleReceiver(Duration.ZERO));
        try {
            Recorder r = new Recorder();
            Listener l = keeping.listen(anyEndpoint(), r);
            Connection c = keeping.connect(l.endpoint(), new Recorder());
            r.nextOpened();
            Thread.sleep(4 * IDLE.toMillis());
            assertFalse(((StreamConnection) c).engine.hibernated());
            c.send(direct(pattern(5, 5)));
            assertArrayEquals(pattern(5, 5), r.nextFrame().bytes());
        } finally {
            keeping.close();
        }
    }
}
