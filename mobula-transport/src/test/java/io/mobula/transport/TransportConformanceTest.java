package io.mobula.transport;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.management.ThreadMXBean;
import com.sun.management.UnixOperatingSystemMXBean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract every transport must meet, written once; each technology runs it through a subclass that
 * says how to create the transport and which endpoints to use.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
abstract class TransportConformanceTest {

    static final Duration PROMPT = Duration.ofSeconds(1);

    /** A transport of the technology under test. */
    abstract Transport newTransport(TransportOptions options);

    /** An endpoint to listen on that resolves to a fresh address (ephemeral port, fresh name). */
    abstract Endpoint anyEndpoint();

    /** An endpoint nobody listens on. */
    abstract Endpoint deadEndpoint() throws IOException;

    Transport transport;
    Recorder server;
    Recorder client;
    Listener listener;
    private final List<Transport> extra = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        transport = newTransport(TransportOptions.defaults());
        server = new Recorder();
        client = new Recorder();
        listener = transport.listen(anyEndpoint(), server);
    }

    @AfterEach
    void tearDown() {
        transport.close();
        extra.forEach(Transport::close);
        assertEquals(List.of(), server.violations, "server-side contract violations");
        assertEquals(List.of(), client.violations, "client-side contract violations");
    }

    Transport extraTransport(TransportOptions options) {
        Transport t = newTransport(options);
        extra.add(t);
        return t;
    }

    /** A connected pair: [client side, accepted side]. */
    Connection[] pair() throws IOException, InterruptedException {
        Connection c = transport.connect(listener.endpoint(), client);
        return new Connection[] {c, server.nextOpened()};
    }

    static byte[] pattern(int seed, int length) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed * 31 + i * 7 + (i >>> 8));
        }
        return b;
    }

    static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    static void echo(Recorder r) {
        r.action = (c, frame) -> c.send(frame); // sends the flyweight itself: send must not keep or move it
    }

    // ---- open / close ----

    @Test
    void listenerReportsABoundEndpoint() {
        Endpoint e = listener.endpoint();
        assertEquals(transport.name(), e.transport());
        assertEquals(e, Endpoint.parse(e.toString()));
        assertTrue(listener.isOpen());
    }

    @Test
    void openThenCloseReportsBothSides() throws Exception {
        Connection[] p = pair();
        assertTrue(p[0].isOpen());
        assertTrue(p[1].isOpen());
        assertEquals(p[0], client.nextOpened());
        assertEquals(listener.endpoint(), p[0].remote());

        p[0].close();
        assertFalse(p[0].isOpen());
        Recorder.Closed local = client.nextClosed(PROMPT);
        assertEquals(p[0], local.connection());
        assertNull(local.cause(), "a local close is orderly");
        Recorder.Closed remote = server.nextClosed(PROMPT);
        assertEquals(p[1], remote.connection());
        assertNull(remote.cause(), "a peer close at a frame boundary is orderly");
        assertFalse(p[1].isOpen());

        // the listener keeps accepting
        Connection[] q = pair();
        q[0].send(direct(pattern(1, 10)));
        assertArrayEquals(pattern(1, 10), server.nextFrame().bytes());
    }

    @Test
    void acceptedSideCloseIsSeenByConnector() throws Exception {
        Connection[] p = pair();
        long start = System.nanoTime();
        p[1].close();
        Recorder.Closed closed = client.nextClosed(PROMPT);
        assertTrue(System.nanoTime() - start < PROMPT.toNanos());
        assertEquals(p[0], closed.connection());
        assertFalse(p[0].isOpen());
        assertNull(server.nextClosed(PROMPT).cause());
    }

    @Test
    void closeIsIdempotentAndOnCloseFiresOnce() throws Exception {
        Connection[] p = pair();
        p[0].close();
        p[0].close();
        p[1].close();
        p[1].close();
        client.nextClosed(PROMPT);
        server.nextClosed(PROMPT);
        Thread.sleep(100);
        assertTrue(client.closed.isEmpty(), "second onClose on the client");
        assertTrue(server.closed.isEmpty(), "second onClose on the server");
        assertEquals(1, client.closeCounts.get(p[0]).get());
        assertEquals(1, server.closeCounts.get(p[1]).get());
        IOException e = assertThrows(IOException.class, () -> p[0].send(direct(new byte[1])));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void closeFromInsideOnFrameStopsDelivery() throws Exception {
        server.action = (c, frame) -> c.close();
        Connection[] p = pair();
        for (int i = 0; i < 5; i++) {
            try {
                p[0].send(direct(pattern(i, 100)));
            } catch (IOException peerAlreadyGone) {
                break;
            }
        }
        server.nextClosed(PROMPT);
        client.nextClosed(PROMPT);
        assertEquals(1, p[1].stats().framesReceived(), "no frame after close() inside onFrame");
    }

    @Test
    void handlerExceptionClosesTheConnectionWithCause() throws Exception {
        server.action = (c, frame) -> {
            throw new IllegalStateException("boom");
        };
        Connection[] p = pair();
        p[0].send(direct(new byte[3]));
        Recorder.Closed closed = server.nextClosed(PROMPT);
        assertTrue(closed.cause() != null && closed.cause().getCause() instanceof IllegalStateException,
                String.valueOf(closed.cause()));
        client.nextClosed(PROMPT);
    }

    @Test
    void connectToNobodyFails() throws Exception {
        Endpoint dead = deadEndpoint();
        assertThrows(IOException.class, () -> transport.connect(dead, client, Duration.ofSeconds(2)));
        assertTrue(client.opened.isEmpty());
    }

    @Test
    void closedListenerRefusesConnections() throws Exception {
        Endpoint e = listener.endpoint();
        listener.close();
        listener.close();
        assertFalse(listener.isOpen());
        try {
            // on a busy machine another process may bind the freed port at once (or TCP may connect a socket to
            // itself): then the connection must at least not reach the closed listener
            Connection c = transport.connect(e, client, Duration.ofSeconds(2));
            c.close();
            assertNull(server.openedWithin(Duration.ofMillis(300)), "a closed listener accepted a connection");
        } catch (IOException refused) {
            // the usual outcome
        }
    }

    @Test
    void transportCloseClosesEverything() throws Exception {
        Transport other = extraTransport(TransportOptions.defaults());
        Connection c = other.connect(listener.endpoint(), client);
        Connection accepted = server.nextOpened();
        transport.close();
        assertFalse(listener.isOpen());
        assertFalse(accepted.isOpen());
        server.nextClosed(PROMPT);
        client.nextClosed(PROMPT);
        assertFalse(c.isOpen());
        assertThrows(IOException.class, () -> transport.listen(anyEndpoint(), server));
    }

    // ---- frames ----

    @Test
    void echoesFramesOfManySizes() throws Exception {
        echo(server);
        Connection[] p = pair();
        int[] sizes = {0, 1, 1000, 1 << 20, 16 << 20, 3, 0};
        long total = 0;
        for (int i = 0; i < sizes.length; i++) {
            byte[] expected = pattern(i, sizes[i]);
            ByteBuffer out = direct(expected);
            p[0].send(out);
            assertEquals(0, out.position(), "send moved the position");
            assertEquals(sizes[i], out.limit(), "send moved the limit");
            assertArrayEquals(expected, client.nextFrame().bytes(), "size " + sizes[i]);
            total += sizes[i];
        }
        ConnectionStats expected = new ConnectionStats(sizes.length, total, sizes.length, total);
        assertEquals(expected, p[0].stats());
        // the echoing side counts its last send after the write, maybe after we got the echo
        long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
        while (!p[1].stats().equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(expected, p[1].stats());
    }

    @Test
    void aLargeFrameGrowsTheReceiveBufferOnlyForAWhile() throws Exception {
        AtomicLong growthAtDelivery = new AtomicLong(-1);
        server.action = (c, frame) -> { // records, and notes the growth while the frame is in the buffer
            growthAtDelivery.set(((StreamConnection) c).engine.receiveBufferGrowth());
            byte[] copy = new byte[frame.remaining()];
            frame.get(frame.position(), copy);
            server.frames.add(new Recorder.Frame(c, copy));
        };
        Connection[] p = pair();
        StreamConnection receiver = (StreamConnection) p[1];
        byte[] large = pattern(4, 16 << 20);
        p[0].send(direct(large));
        assertArrayEquals(large, server.nextFrame().bytes());
        long growth = growthAtDelivery.get();
        assertTrue(growth > 0 && growth <= large.length + 4 - FrameAssembly.INITIAL_RECEIVE_BUFFER,
                "the buffer grew for the large frame, to at most its size: " + growth);
        for (int i = 0; i < FrameAssembly.SHRINK_AFTER_FRAMES + 10; i++) {
            p[0].send(direct(pattern(i, 100)));
            assertArrayEquals(pattern(i, 100), server.nextFrame().bytes());
        }
        // the buffer shrinks after the frame that made the count is delivered: allow the receiver to finish it
        long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
        while (receiver.engine.receiveBufferGrowth() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(0, receiver.engine.receiveBufferGrowth(), "back to the initial buffer, growth given back");
    }

    @Test
    void receiveBudgetIsSharedByAllConnectionsAndGivenBackOnClose() throws Exception {
        long limit = (1 << 20) + 4321; // a budget of this test alone: no other transport uses this value
        ReceiveBudget budget = ReceiveBudget.of(limit);
        assertEquals(0, budget.reserved());
        Transport limited = extraTransport(TransportOptions.defaults().withReceiveBudget(limit));
        Recorder limitedServer = new Recorder();
        Listener l = limited.listen(anyEndpoint(), limitedServer);
        int size = 512 << 10;
        List<Connection> senders = new ArrayList<>();
        long held = 0;
        for (int i = 0; i < 2; i++) {
            Connection c = transport.connect(l.endpoint(), client);
            senders.add(c);
            StreamConnection accepted = (StreamConnection) limitedServer.nextOpened();
            c.send(direct(pattern(i, size)));
            assertArrayEquals(pattern(i, size), limitedServer.nextFrame().bytes());
            long growth = accepted.engine.receiveBufferGrowth();
            assertTrue(growth > 0 && growth <= size + 4 - FrameAssembly.INITIAL_RECEIVE_BUFFER, "growth " + growth);
            held += growth;
        }
        assertEquals(held, budget.reserved(), "both retained buffers are charged to the shared budget");

        // a third connection's buffer cannot grow as far: it alone is closed, naming the budget
        Connection third = transport.connect(l.endpoint(), client);
        Connection thirdAccepted = limitedServer.nextOpened();
        try {
            third.send(direct(pattern(3, size)));
        } catch (IOException e) {
            // the receiver may close while the frame is still going out
        }
        Recorder.Closed closed = limitedServer.nextClosed(PROMPT);
        assertEquals(thirdAccepted, closed.connection());
        assertTrue(closed.cause() != null && closed.cause().getMessage().contains("receive budget")
                && closed.cause().getMessage().contains(Long.toString(limit)), String.valueOf(closed.cause()));
        assertEquals(third, client.nextClosed(PROMPT).connection(), "the sender sees the connection close");
        assertEquals(held, budget.reserved(), "the closed connection gave its partial growth back");

        for (int i = 0; i < senders.size(); i++) {
            senders.get(i).send(direct(pattern(i, 10)));
            assertArrayEquals(pattern(i, 10), limitedServer.nextFrame().bytes(), "the others keep working");
        }
        closeAll(senders, limitedServer, budget);
    }

    /** Closes {@code senders}, waits until both sides saw it, and checks that the budget was given back. */
    private void closeAll(List<Connection> senders, Recorder limitedServer, ReceiveBudget budget) throws Exception {
        for (Connection c : senders) {
            c.close();
            client.nextClosed(PROMPT);
            limitedServer.nextClosed(PROMPT);
        }
        assertEquals(0, budget.reserved(), "closed connections give their buffers back");
        assertEquals(List.of(), limitedServer.violations);
    }

    @Test
    void aRefusedFrameTheHandlerAnsweredIsDroppedAndTheConnectionGoesOn() throws Exception {
        long limit = (1 << 20) + 777; // a budget of this test alone
        ReceiveBudget budget = ReceiveBudget.of(limit);
        Transport limited = extraTransport(TransportOptions.defaults().withReceiveBudget(limit));
        Recorder limitedServer = new Recorder();
        limitedServer.answerRefusals = true;
        Listener l = limited.listen(anyEndpoint(), limitedServer);
        Connection c = transport.connect(l.endpoint(), client);
        Connection accepted = limitedServer.nextOpened();
        // the buffer grows once (to 512 KiB) and then has no room: the refusal comes in the middle of the frame
        int huge = 3 << 20;
        for (int round = 0; round < 2; round++) {
            c.send(direct(pattern(round, huge)));
            c.send(direct(pattern(round + 10, 1000))); // may arrive in the same read as the refused frame's tail
            c.send(direct(pattern(round + 20, 200_000))); // needs growth again, within the budget
            String reason = limitedServer.refused.poll(Recorder.WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertTrue(reason != null && reason.contains("receive budget") && reason.contains(Integer.toString(huge))
                    && reason.contains(Long.toString(limit)), String.valueOf(reason));
            assertArrayEquals(pattern(round + 10, 1000), limitedServer.nextFrame().bytes(), "the next frame, intact");
            assertArrayEquals(pattern(round + 20, 200_000), limitedServer.nextFrame().bytes());
            assertArrayEquals("refused".getBytes(StandardCharsets.US_ASCII),
                    client.nextFrame().bytes(), "the sender got the answer");
        }
        assertTrue(accepted.isOpen() && c.isOpen(), "the connection goes on");
        assertNull(limitedServer.closed.poll(), "nothing closed");
        assertTrue(limitedServer.frames.isEmpty(), "the refused frames were never delivered");
        assertTrue(budget.reserved() <= limit, "reserved " + budget.reserved());
        closeAll(List.of(c), limitedServer, budget);
    }

    @Test
    void aRefusedFrameThatIsNotAnsweredClosesItsConnection() throws Exception {
        long limit = (1 << 20) + 778;
        Transport limited = extraTransport(TransportOptions.defaults().withReceiveBudget(limit));
        Recorder limitedServer = new Recorder();
        Listener l = limited.listen(anyEndpoint(), limitedServer);
        Connection c = transport.connect(l.endpoint(), client);
        Connection accepted = limitedServer.nextOpened();
        try {
            c.send(direct(pattern(1, 3 << 20)));
        } catch (IOException e) {
            // the receiver may close while the frame is still going out
        }
        Recorder.Closed closed = limitedServer.nextClosed(PROMPT);
        assertEquals(accepted, closed.connection());
        assertTrue(closed.cause() != null && closed.cause().getMessage().contains("receive budget"),
                String.valueOf(closed.cause()));
        assertEquals(1, limitedServer.refused.size(), "the handler was told before the close");
        assertEquals(c, client.nextClosed(PROMPT).connection());
    }

    @Test
    void heapBuffersAndOffsetsWork() throws Exception {
        Connection[] p = pair();
        byte[] bytes = pattern(9, 500);
        ByteBuffer heap = ByteBuffer.wrap(bytes, 100, 300); // position 100, limit 400
        p[0].send(heap);
        assertEquals(100, heap.position());
        byte[] expected = new byte[300];
        System.arraycopy(bytes, 100, expected, 0, 300);
        assertArrayEquals(expected, server.nextFrame().bytes());
    }

    @Test
    void keepsOrderOfTenThousandFrames() throws Exception {
        Connection[] p = pair();
        int n = 10_000;
        ByteBuffer b = ByteBuffer.allocateDirect(64);
        for (int i = 0; i < n; i++) {
            b.clear();
            b.putInt(i).put(pattern(i, i % 50)).flip();
            p[0].send(b);
        }
        for (int i = 0; i < n; i++) {
            ByteBuffer got = ByteBuffer.wrap(server.nextFrame().bytes());
            assertEquals(i, got.getInt(), "frame order");
            byte[] rest = new byte[got.remaining()];
            got.get(rest);
            assertArrayEquals(pattern(i, i % 50), rest);
        }
        assertEquals(n, p[1].stats().framesReceived());
    }

    @Test
    void concurrentSendersNeverInterleave() throws Exception {
        Connection[] p = pair();
        int threads = 8;
        int perThread = 400;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> senders = new ArrayList<>();
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            // half on virtual threads: the send lock must work (and not pin) there too
            Thread.Builder builder = t % 2 == 0 ? Thread.ofPlatform() : Thread.ofVirtual();
            senders.add(builder.start(() -> {
                try {
                    go.await();
                    ByteBuffer header = ByteBuffer.allocateDirect(8);
                    for (int i = 0; i < perThread; i++) {
                        // some frames are larger than a socket buffer / ring, so writes are partial
                        int size = i % 50 == 7 ? 300_000 + id : (id * 977 + i * 131) % 3000;
                        header.clear();
                        header.putInt(id).putInt(i).flip();
                        ByteBuffer body = ByteBuffer.wrap(pattern(id * 100_000 + i, size));
                        if (i % 2 == 0) {
                            p[0].send(header, body);
                        } else {
                            ByteBuffer whole = ByteBuffer.allocate(8 + size);
                            whole.put(header.duplicate()).put(body.duplicate()).flip();
                            p[0].send(whole);
                        }
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            }));
        }
        go.countDown();
        int[] next = new int[threads];
        for (int k = 0; k < threads * perThread; k++) {
            ByteBuffer got = ByteBuffer.wrap(server.nextFrame().bytes());
            int id = got.getInt();
            int i = got.getInt();
            assertTrue(id >= 0 && id < threads, "sender id " + id);
            assertEquals(next[id]++, i, "per-sender order of sender " + id);
            int size = i % 50 == 7 ? 300_000 + id : (id * 977 + i * 131) % 3000;
            byte[] rest = new byte[got.remaining()];
            got.get(rest);
            assertArrayEquals(pattern(id * 100_000 + i, size), rest, "frame " + id + "/" + i + " intact");
        }
        for (Thread s : senders) {
            s.join(Recorder.WAIT.toMillis());
            assertFalse(s.isAlive());
        }
        assertEquals(List.of(), errors);
        assertTrue(server.frames.isEmpty());
    }

    @Test
    void gatherSendEqualsSingleSend() throws Exception {
        Connection[] p = pair();
        byte[] h = pattern(5, 37);
        byte[] b = pattern(6, 100_000);
        byte[] joined = new byte[h.length + b.length];
        System.arraycopy(h, 0, joined, 0, h.length);
        System.arraycopy(b, 0, joined, h.length, b.length);

        ByteBuffer header = direct(h);
        ByteBuffer body = ByteBuffer.wrap(b);
        p[0].send(header, body);
        assertEquals(0, header.position());
        assertEquals(0, body.position());
        p[0].send(direct(joined));
        p[0].send(ByteBuffer.allocate(0), direct(joined));
        p[0].send(direct(joined), ByteBuffer.allocate(0));
        p[0].send(ByteBuffer.allocate(0), ByteBuffer.allocate(0));
        for (int i = 0; i < 4; i++) {
            assertArrayEquals(joined, server.nextFrame().bytes(), "frame " + i);
        }
        assertEquals(0, server.nextFrame().bytes().length);
        assertEquals(5, p[0].stats().framesSent());
    }

    @Test
    void framesInPartsArriveAsTheirFlattenedBytes() throws Exception {
        Connection[] p = pair();
        FrameParts f = new FrameParts();
        List<FramePartsCases.Case> cases = new ArrayList<>(FramePartsCases.cases(1, 150, 600));
        cases.addAll(FramePartsCases.cases(2, 12, 200_000)); // beyond a send buffer and a ring
        long total = 0;
        for (FramePartsCases.Case c : cases) {
            c.load(f);
            int inlinePosition = c.inline().position();
            assertEquals(c.expected().length, f.size(), c.name());
            p[0].send(f);
            assertEquals(inlinePosition, c.inline().position(), "send moved the inline bytes");
            assertArrayEquals(c.expected(), server.nextFrame().bytes(), c.name());
            total += c.expected().length;
            f.clear();
        }
        assertEquals(new ConnectionStats(cases.size(), total, 0, 0), p[0].stats());
    }

    @Test
    void oversizeFrameInPartsIsRefusedAndConnectionStaysOpen() throws Exception {
        Transport small = extraTransport(TransportOptions.defaults().withMaxFrameSize(1024));
        Connection c = small.connect(listener.endpoint(), client);
        server.nextOpened();
        FrameParts f = new FrameParts();
        f.reset(ByteBuffer.allocate(5));
        f.addArray(2, new int[255], 0, 255, java.nio.ByteOrder.LITTLE_ENDIAN);
        IOException e = assertThrows(IOException.class, () -> c.send(f));
        assertTrue(e.getMessage().contains("maxFrameSize"), e.getMessage());
        assertTrue(c.isOpen());
        f.reset(ByteBuffer.allocate(4));
        f.addArray(4, new int[255], 0, 255, java.nio.ByteOrder.LITTLE_ENDIAN);
        c.send(f);
        assertEquals(1024, server.nextFrame().bytes().length);
    }

    /** Bytes a send of a frame in parts may allocate (the JDK's, e.g. an SSLEngine's); less than a view per array. */
    int allocationPerFrameInParts() {
        return 16;
    }

    @Test
    void framesInPartsDoNotAllocatePerFrame() throws Exception {
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        AtomicLong received = new AtomicLong();
        server.action = (c, frame) -> received.incrementAndGet();
        Connection[] p = pair();
        ByteBuffer inline = ByteBuffer.wrap(pattern(3, 41));
        int[] ints = new int[5000];
        double[] doubles = new double[1000];
        FrameParts f = new FrameParts();
        int n = 5_000;
        for (int round = 0; round < 2; round++) {
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < n; i++) {
                f.reset(inline);
                f.addArray(3, ints, 1, 4999, java.nio.ByteOrder.LITTLE_ENDIAN);
                f.addArray(17, doubles, 0, 1000, java.nio.ByteOrder.BIG_ENDIAN);
                p[0].send(f);
            }
            long sent = mx.getCurrentThreadAllocatedBytes() - before;
            awaitCount(received, (round + 1L) * n);
            if (round == 1) { // round 0 warms up: JIT, the transport's send buffer
                assertTrue(sent < n * (long) allocationPerFrameInParts(), "sending frames in parts allocated " + sent + " bytes for " + n
                        + " frames");
            }
        }
    }

    @Test
    void oversizeFrameIsRefusedOnSendAndConnectionStaysOpen() throws Exception {
        Transport small = extraTransport(TransportOptions.defaults().withMaxFrameSize(1024));
        Connection c = small.connect(listener.endpoint(), client);
        server.nextOpened();
        IOException e = assertThrows(IOException.class, () -> c.send(ByteBuffer.allocate(1025)));
        assertTrue(e.getMessage().contains("maxFrameSize"), e.getMessage());
        assertThrows(IOException.class, () -> c.send(ByteBuffer.allocate(1000), ByteBuffer.allocate(25)));
        assertTrue(c.isOpen());
        c.send(direct(pattern(2, 1024)));
        assertArrayEquals(pattern(2, 1024), server.nextFrame().bytes());
        assertEquals(1, c.stats().framesSent());
    }

    @Test
    void receiverRefusesFramesAboveItsMaximum() throws Exception {
        Transport small = extraTransport(TransportOptions.defaults().withMaxFrameSize(1024));
        Recorder smallServer = new Recorder();
        Listener l = small.listen(anyEndpoint(), smallServer);
        Connection c = transport.connect(l.endpoint(), client);
        c.send(direct(pattern(1, 1024)));
        assertArrayEquals(pattern(1, 1024), smallServer.nextFrame().bytes());
        try {
            c.send(direct(pattern(1, 1025))); // fine for the sender's limit, hostile for the receiver's
        } catch (IOException e) {
            // the receiver may drop the connection on the length prefix while the body is still going out
        }
        Recorder.Closed closed = smallServer.nextClosed(PROMPT);
        assertTrue(closed.cause() != null && closed.cause().getMessage().contains("1025"),
                String.valueOf(closed.cause()));
        client.nextClosed(PROMPT);
        assertEquals(List.of(), smallServer.violations);
    }

    @Test
    void busyPollZeroStillDelivers() throws Exception {
        Transport noSpin = extraTransport(TransportOptions.defaults().withBusyPoll(Duration.ZERO));
        Recorder r = new Recorder();
        echo(r);
        Listener l = noSpin.listen(anyEndpoint(), r);
        Connection c = noSpin.connect(l.endpoint(), client);
        for (int i = 0; i < 100; i++) {
            c.send(direct(pattern(i, i)));
            assertArrayEquals(pattern(i, i), client.nextFrame().bytes());
        }
        assertEquals(List.of(), r.violations);
    }

    @Test
    void hotPathsDoNotAllocatePerFrame() throws Exception {
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        AtomicLong received = new AtomicLong();
        server.action = (c, frame) -> received.incrementAndGet();
        Connection[] p = pair();
        ByteBuffer header = direct(pattern(1, 16));
        ByteBuffer body = direct(pattern(2, 200));
        int n = 20_000;
        sendMany(p[0], header, body, n); // warm-up: JIT, lazily created JDK buffers
        awaitCount(received, n);
        Thread receiver = server.receiveThread(p[1]);
        long sendBefore = mx.getCurrentThreadAllocatedBytes();
        long receiveBefore = mx.getThreadAllocatedBytes(receiver.threadId());
        sendMany(p[0], header, body, n);
        long sent = mx.getCurrentThreadAllocatedBytes() - sendBefore;
        awaitCount(received, 2L * n);
        long receivedBytes = mx.getThreadAllocatedBytes(receiver.threadId()) - receiveBefore;
        // a few stray allocations (e.g. a buffer cache refill) are fine, one per frame is not
        assertTrue(sent < n / 4, "send path allocated " + sent + " bytes for " + n + " frames");
        assertTrue(receivedBytes < n / 4, "receive path allocated " + receivedBytes + " bytes for " + n + " frames");
    }

    private static void sendMany(Connection c, ByteBuffer header, ByteBuffer body, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            if ((i & 1) == 0) {
                c.send(body);
            } else {
                c.send(header, body);
            }
        }
    }

    private static void awaitCount(AtomicLong counter, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + Recorder.WAIT.toNanos();
        while (counter.get() < expected && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(expected, counter.get());
    }

    @Test
    void closeWakesASenderBlockedOnAStalledPeer() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        server.action = (c, frame) -> {
            try {
                release.await(Recorder.WAIT.toMillis(), TimeUnit.MILLISECONDS); // stop reading
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        Connection[] p = pair();
        AtomicLong sentFrames = new AtomicLong();
        java.util.concurrent.CompletableFuture<IOException> failure = new java.util.concurrent.CompletableFuture<>();
        Thread sender = Thread.ofPlatform().start(() -> {
            ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
            try {
                while (true) { // until the socket buffers / ring are full and send blocks
                    p[0].send(chunk);
                    sentFrames.incrementAndGet();
                }
            } catch (IOException e) {
                failure.complete(e);
            }
        });
        // wait until the sender is stuck: no progress for a while
        long last = -1;
        while (sentFrames.get() != last) {
            last = sentFrames.get();
            Thread.sleep(100);
        }
        assertTrue(sender.isAlive(), "sender should be blocked on the stalled peer");
        long start = System.nanoTime();
        p[0].close();
        IOException e = failure.get(PROMPT.toMillis(), TimeUnit.MILLISECONDS);
        assertTrue(System.nanoTime() - start < PROMPT.toNanos());
        assertTrue(e != null);
        sender.join(PROMPT.toMillis());
        assertFalse(sender.isAlive());
        client.nextClosed(PROMPT);
        release.countDown();
        server.nextClosed(Recorder.WAIT);
    }

    @Test
    void closeIsPromptDuringALongBusyPoll() throws Exception {
        Transport spinning = extraTransport(TransportOptions.defaults().withBusyPoll(Duration.ofMillis(800)));
        Recorder r = new Recorder();
        Listener l = spinning.listen(anyEndpoint(), r);
        Connection c = spinning.connect(l.endpoint(), client);
        Connection accepted = r.nextOpened();
        c.send(direct(pattern(1, 10)));
        assertArrayEquals(pattern(1, 10), r.nextFrame().bytes()); // both receive threads now spin
        long start = System.nanoTime();
        c.close();
        client.nextClosed(PROMPT);
        assertNull(r.nextClosed(PROMPT).cause());
        assertTrue(System.nanoTime() - start < PROMPT.toNanos());
        assertFalse(accepted.isOpen());
        assertEquals(List.of(), r.violations);
    }

    // ---- work handed to the receive thread (Connection.runAfterFrame) ----

    /** Whether the technology's receive thread takes work from its handler (in-JVM pipes do not). */
    boolean takesWork() {
        return true;
    }

    @Test
    void workRunsOnTheReceiveThreadAfterItsFrameAndTheThreadGoesOnReceiving() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(takesWork(), "this transport runs no work on its receive thread");
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.BlockingQueue<Thread> workers = new java.util.concurrent.LinkedBlockingQueue<>();
        server.action = (c, frame) -> {
            int seq = frame.getInt(frame.position());
            Thread deliverer = Thread.currentThread();
            Runnable work = () -> {
                boolean same = Thread.currentThread() == deliverer;
                log.add("work " + seq + (same ? "" : " on another thread"));
                if (same) {
                    workers.add(Thread.currentThread());
                }
                try {
                    c.send(ByteBuffer.allocate(4).putInt(0, seq));
                } catch (IOException e) {
                    log.add("send failed " + e);
                }
            };
            boolean taken = c.runAfterFrame(work);
            log.add("frame " + seq + (taken ? "" : " refused"));
            if (!taken) {
                // as a real handler does (RMI runs the call on a virtual thread): refused work runs elsewhere
                Thread.ofVirtual().start(work);
            }
        };
        Connection[] p = pair();
        for (int i = 0; i < 200; i++) {
            p[0].send(ByteBuffer.allocate(4).putInt(0, i));
            assertEquals(i, ByteBuffer.wrap(client.nextFrame().bytes()).getInt());
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            expected.add("frame " + i);
            expected.add("work " + i);
        }
        if (((StreamConnection) p[1]).engine.reliefs() == 0) {
            assertEquals(expected, log, "each frame's work runs on the thread that read it, right after the frame");
        } else {
            // a receive thread descheduled past the relief time (a loaded machine) was relieved by a fresh one, and a
            // frame read while the relieved thread still finished its work had its work refused (one platform
            // thread beyond the receive thread at most): that work ran elsewhere, every frame's work exactly once
            for (int i = 0; i < 200; i++) {
                int frames = 0;
                int works = 0;
                for (String line : log) {
                    frames += line.equals("frame " + i) || line.equals("frame " + i + " refused") ? 1 : 0;
                    works += line.equals("work " + i) || line.equals("work " + i + " on another thread") ? 1 : 0;
                }
                assertEquals(1, frames, "frame " + i + ": " + log);
                assertEquals(1, works, "work " + i + ": " + log);
            }
        }
        for (Thread t : workers) {
            assertFalse(t.isVirtual());
        }
    }

    @Test
    void workIsRefusedWhileARelievedThreadStillRunsItsWork() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(takesWork(), "this transport runs no work on its receive thread");
        java.util.concurrent.atomic.AtomicInteger refused = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger ran = new java.util.concurrent.atomic.AtomicInteger();
        server.action = (c, frame) -> {
            int seq = frame.getInt(frame.position());
            Runnable work = () -> {
                ran.incrementAndGet();
                try {
                    c.send(ByteBuffer.allocate(4).putInt(0, seq)); // the client sends the next frame at once
                    Thread.sleep(5); // past the relief time (1 ms): a fresh receive thread reads that frame
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            if (!c.runAfterFrame(work)) {
                refused.incrementAndGet();
                Thread.ofVirtual().start(work); // refused work is the handler's to run elsewhere
            }
        };
        Connection[] p = pair();
        for (int i = 0; i < 20; i++) {
            p[0].send(ByteBuffer.allocate(4).putInt(0, i));
            assertEquals(i, ByteBuffer.wrap(client.nextFrame().bytes()).getInt());
        }
        assertTrue(((StreamConnection) p[1]).engine.reliefs() >= 1, "a fresh receive thread took over");
        assertTrue(refused.get() >= 1, "a frame read while a relieved thread still worked had its work refused");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ran.get() < 20 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(20, ran.get(), "every frame's work ran once");
    }

    @Test
    void workThatWaitsForALaterFrameIsRelievedByAFreshReceiveThread() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(takesWork(), "this transport runs no work on its receive thread");
        CountDownLatch second = new CountDownLatch(1);
        CountDownLatch workDone = new CountDownLatch(1);
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.action = (c, frame) -> {
            int seq = frame.getInt(frame.position());
            if (seq == 1) {
                // while the first frame's work blocks past the relief, the connection takes no more work
                log.add("second frame delivered, its work " + (c.runAfterFrame(() -> { }) ? "taken" : "refused"));
                second.countDown();
                return;
            }
            boolean taken = c.runAfterFrame(() -> {
                try {
                    // blocks until the next frame of this very connection arrives: only another thread can read it
                    log.add(second.await(10, TimeUnit.SECONDS) ? "work saw the second frame" : "work timed out");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    workDone.countDown();
                }
            });
            log.add("first frame " + (taken ? "taken" : "refused"));
        };
        Connection[] p = pair();
        p[0].send(ByteBuffer.allocate(4).putInt(0, 0));
        p[0].send(ByteBuffer.allocate(4).putInt(0, 1));
        assertTrue(workDone.await(10, TimeUnit.SECONDS), "the work never ended: nobody received the second frame");
        assertEquals(List.of("first frame taken", "second frame delivered, its work refused",
                "work saw the second frame"), log);
        assertTrue(((StreamConnection) p[1]).engine.reliefs() >= 1, "a fresh receive thread took over");
        // and the connection goes on: frames still arrive and the close is reported once
        server.action = null;
        p[0].send(direct(pattern(3, 50)));
        assertArrayEquals(pattern(3, 50), server.nextFrame().bytes());
        p[0].close();
        server.nextClosed(PROMPT);
    }

    @Test
    void aCloseIsReportedWhileWorkStillRuns() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(takesWork(), "this transport runs no work on its receive thread");
        CountDownLatch release = new CountDownLatch(1);
        server.action = (c, frame) -> c.runAfterFrame(() -> {
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Connection[] p = pair();
        p[0].send(ByteBuffer.allocate(4));
        Thread.sleep(20);
        p[0].close();
        try {
            server.nextClosed(PROMPT); // not held up by the work that still blocks
        } finally {
            release.countDown();
        }
    }

    @Test
    void aPollingCallerIsNeverGivenWork() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(takesWork(), "this transport runs no work on its receive thread");
        Connection[] p = pair();
        Thread me = Thread.currentThread();
        List<String> wrong = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicLong got = new AtomicLong();
        client.action = (c, frame) -> {
            if (c.runAfterFrame(() -> { }) && Thread.currentThread() == me) {
                wrong.add("work given to the polling caller");
            }
            got.incrementAndGet();
        };
        for (int i = 1; i <= 500; i++) {
            p[1].send(ByteBuffer.allocate(8));
            long want = i;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (got.get() < want && System.nanoTime() < deadline) {
                p[0].receiveUntil(() -> got.get() >= want, 1_000_000);
            }
            assertEquals(want, got.get());
        }
        assertEquals(List.of(), wrong);
    }

    // ---- polling callers: the path an RMI caller takes for its reply ----

    @Test
    void aCallerPollingForItsReplyDeliversItOnItsOwnThread() throws Exception {
        echo(server);
        Connection[] p = pair();
        Thread me = Thread.currentThread();
        AtomicLong got = new AtomicLong();
        AtomicLong byCaller = new AtomicLong();
        client.action = (c, frame) -> {
            if (Thread.currentThread() == me) {
                byCaller.incrementAndGet();
            }
            got.incrementAndGet();
        };
        int calls = 300;
        for (int i = 1; i <= calls; i++) {
            p[0].send(ByteBuffer.allocate(16));
            long want = i;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (got.get() < want && System.nanoTime() < deadline) {
                p[0].receiveUntil(() -> got.get() >= want, 1_000_000);
            }
            assertEquals(want, got.get(), "reply " + i);
        }
        boolean polls = !(p[0] instanceof StreamConnection s) || s.pollable();
        if (polls) {
            // the receive thread may win a race now and then, but a caller that polls gets replies itself
            assertTrue(byCaller.get() > 0, "none of " + calls + " replies was delivered by the polling caller");
        } else {
            assertEquals(0, byCaller.get(), "a transport whose reads block delivers on its receive thread only");
        }
    }

    @Test
    void aHandlerFailingOnAPollingCallerClosesTheConnectionAndNoPollOutlivesIt() throws Exception {
        Connection[] p = pair();
        Error thrown = new AssertionError("handler bug");
        client.action = (c, frame) -> {
            throw thrown;
        };
        p[1].send(ByteBuffer.allocate(8));
        long start = System.nanoTime();
        // whoever delivers the frame (this caller or the receive thread), the failure ends the poll long before its window
        while (p[0].isOpen() && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10)) {
            assertFalse(p[0].receiveUntil(() -> false, TimeUnit.SECONDS.toNanos(20)));
        }
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "the poll ended with the connection");
        Recorder.Closed closed = client.nextClosed(PROMPT);
        assertTrue(closed.cause() != null && closed.cause().getCause() == thrown, String.valueOf(closed.cause()));
        assertTrue(closed.cause().getMessage().contains("handler bug"), "the cause names what the handler threw: "
                + closed.cause().getMessage());
        server.nextClosed(PROMPT);
        start = System.nanoTime();
        assertFalse(p[0].receiveUntil(() -> false, TimeUnit.SECONDS.toNanos(20)));
        assertTrue(System.nanoTime() - start < PROMPT.toNanos(), "a poll of a closed connection returns at once");
    }

    @Test
    void attachmentIsKept() throws Exception {
        Connection[] p = pair();
        assertNull(p[0].attachment());
        Object state = new Object();
        p[0].attach(state);
        assertTrue(p[0].attachment() == state);
    }

    @Test
    void noThreadsLeakOverManyConnectCloseCycles() throws Exception {
        // warm up once so lazily started JDK threads do not count
        Connection[] w = pair();
        w[0].close();
        server.nextClosed(PROMPT);
        client.nextClosed(PROMPT);
        int baseline = stableThreadCount();
        long fdsBefore = openFileDescriptors();
        for (int i = 0; i < 200; i++) {
            Connection c = transport.connect(listener.endpoint(), client);
            Connection accepted = server.nextOpened();
            client.nextOpened();
            if (i % 2 == 0) {
                c.close();
            } else {
                accepted.close();
            }
            client.nextClosed(PROMPT);
            server.nextClosed(PROMPT);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        int now = mobulaThreads();
        while (now > baseline && System.nanoTime() < deadline) {
            Thread.sleep(20);
            now = mobulaThreads();
        }
        // threads of earlier tests may still be ending, so fewer is fine; more is a leak
        assertTrue(now <= baseline, "transport threads: " + now + " after 200 cycles, " + baseline + " before");
        assertEquals(200, server.closeCounts.size() - 1);
        // sockets and selectors are closed, not left to the garbage collector (slack for JDK internals)
        long fds = openFileDescriptors();
        assertTrue(fds < fdsBefore + 20, "open file descriptors: " + fdsBefore + " before, " + fds + " after");
    }

    static long openFileDescriptors() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getOpenFileDescriptorCount() : 0;
    }

    static int mobulaThreads() {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("mobula-")).count();
    }

    /** The transport thread count once it stopped changing (bounded wait). */
    static int stableThreadCount() throws InterruptedException {
        int last = mobulaThreads();
        int same = 0;
        for (int i = 0; i < 100 && same < 5; i++) {
            Thread.sleep(20);
            int n = mobulaThreads();
            same = n == last ? same + 1 : 0;
            last = n;
        }
        return last;
    }
}
