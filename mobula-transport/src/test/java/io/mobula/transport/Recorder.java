package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/** A FrameHandler that records every event and checks the event order contract. */
final class Recorder implements FrameHandler {

    record Frame(Connection connection, byte[] bytes) { }

    record Closed(Connection connection, IOException cause) { }

    /** What to do with a frame instead of recording it (e.g. echo); null = record a copy. */
    interface Action {
        void onFrame(Connection c, ByteBuffer frame) throws IOException;
    }

    static final Duration WAIT = Duration.ofSeconds(10);

    final BlockingQueue<Connection> opened = new LinkedBlockingQueue<>();
    final BlockingQueue<Frame> frames = new LinkedBlockingQueue<>();
    final BlockingQueue<Closed> closed = new LinkedBlockingQueue<>();
    final Map<Connection, AtomicInteger> closeCounts = new ConcurrentHashMap<>();
    final List<String> violations = new CopyOnWriteArrayList<>();
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private final Map<Connection, Thread> receiveThreads = new ConcurrentHashMap<>();
    private final Map<Connection, AtomicInteger> delivering = new ConcurrentHashMap<>();
    volatile Action action;
    /** Reasons of the frames refused for lack of receive budget, in order. */
    final BlockingQueue<String> refused = new LinkedBlockingQueue<>();
    /** Whether a refused frame is answered (with a frame "refused") and its connection goes on. */
    volatile boolean answerRefusals;

    @Override
    public void onOpen(Connection c) {
        if (!open.add(c)) {
            violations.add("onOpen twice for " + c);
        }
        opened.add(c);
    }

    @Override
    public void onFrame(Connection c, ByteBuffer frame) {
        enter(c);
        try {
            frame(c, frame);
        } finally {
            exit(c);
        }
    }

    private void frame(Connection c, ByteBuffer frame) {
        if (!open.contains(c)) {
            violations.add("onFrame before onOpen for " + c);
        }
        if (closeCounts.containsKey(c)) {
            violations.add("onFrame after onClose for " + c);
        }
        Action a = action;
        if (a != null) {
            try {
                a.onFrame(c, frame);
            } catch (IOException e) {
                violations.add("action failed: " + e);
            }
            return;
        }
        byte[] copy = new byte[frame.remaining()];
        frame.get(frame.position(), copy);
        frames.add(new Frame(c, copy));
    }

    @Override
    public boolean onFrameRefused(Connection c, ByteBuffer start, int frameBytes, String reason) {
        enter(c);
        try {
            refused.add(reason);
            if (!answerRefusals) {
                return false;
            }
            try {
                c.send(ByteBuffer.wrap("refused".getBytes(StandardCharsets.US_ASCII)));
            } catch (IOException e) {
                violations.add("answering a refused frame failed: " + e);
            }
            return true;
        } finally {
            exit(c);
        }
    }

    @Override
    public void onClose(Connection c, IOException cause) {
        enter(c);
        try {
            close(c, cause);
        } finally {
            exit(c);
        }
    }

    private void close(Connection c, IOException cause) {
        if (closeCounts.computeIfAbsent(c, k -> new AtomicInteger()).incrementAndGet() > 1) {
            violations.add("onClose twice for " + c);
        }
        if (c.isOpen()) {
            violations.add("isOpen() during onClose for " + c);
        }
        closed.add(new Closed(c, cause));
    }

    /**
     * Records the delivering thread; events of one connection may come on different threads (a caller polling, a
     * fresh receive thread after the connection was idle), but never at the same time.
     */
    private void enter(Connection c) {
        receiveThreads.put(c, Thread.currentThread());
        if (delivering.computeIfAbsent(c, k -> new AtomicInteger()).incrementAndGet() > 1) {
            violations.add("events of " + c + " delivered concurrently");
        }
    }

    private void exit(Connection c) {
        delivering.get(c).decrementAndGet();
    }

    /** The thread that delivered the last event of {@code c}. */
    Thread receiveThread(Connection c) {
        return receiveThreads.get(c);
    }

    /** A connection opened within {@code within}, or null. */
    Connection openedWithin(Duration within) throws InterruptedException {
        return opened.poll(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    Connection nextOpened() throws InterruptedException {
        Connection c = opened.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(c, "no onOpen within " + WAIT);
        return c;
    }

    Frame nextFrame() throws InterruptedException {
        Frame f = frames.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(f, "no frame within " + WAIT);
        return f;
    }

    Closed nextClosed(Duration within) throws InterruptedException {
        Closed c = closed.poll(within.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(c, "no onClose within " + within);
        return c;
    }
}
