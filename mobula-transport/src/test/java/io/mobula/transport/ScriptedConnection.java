package io.mobula.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectableChannel;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A connection whose {@link ByteSource} is a script the test feeds, so that the {@link ProgressEngine} runs without
 * sockets or shared memory (like Netty's embedded channel): bytes come in the chunks the test chose, one chunk (or
 * part of it) per read; whole frames can be delivered in place; only the threads the test names may see the bytes,
 * which makes "who delivered this frame" deterministic; and an optional {@link Pipe} stands in for a selectable
 * channel, so that idle hand-off to {@link IdleReceivers} can be tested too. Sent frames are recorded.
 *
 * <p>Threading: {@link #feed} and the other script methods may be called from any thread.
 */
final class ScriptedConnection extends StreamConnection {

    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private int chunkPos;
    private boolean endOfStream;
    private volatile boolean closed;
    private final boolean pollable;
    private final boolean inPlace;
    /** Readiness signal for {@link IdleReceivers}, or null. */
    private final Pipe pipe;
    /** Which threads see the bytes (the others read nothing and wait). */
    volatile Predicate<Thread> readers = t -> true;
    /** Bytes given back by {@link #consumeFrame}. */
    final AtomicLong consumed = new AtomicLong();
    final List<byte[]> sent = new CopyOnWriteArrayList<>();

    private ScriptedConnection(FrameHandler handler, TransportOptions options, boolean pollable, boolean inPlace,
                               Pipe pipe) {
        super(Endpoint.local("scripted"), handler, options, ByteBuffer.allocate(4), c -> { });
        this.pollable = pollable;
        this.inPlace = inPlace;
        this.pipe = pipe;
    }

    /**
     * A connection whose callers may poll, as over non-blocking tcp; opened and started as a connecting side is
     * (onOpen on the calling thread, before the receive thread starts, so that no poller can deliver before it).
     */
    static ScriptedConnection polling(FrameHandler handler, TransportOptions options) {
        ScriptedConnection c = new ScriptedConnection(handler, options, true, false, null);
        c.open();
        c.start(false);
        return c;
    }

    /** As {@link #polling}, with whole frames of single chunks delivered in place (as shared memory does). */
    static ScriptedConnection inPlace(FrameHandler handler, TransportOptions options) {
        ScriptedConnection c = new ScriptedConnection(handler, options, true, true, null);
        c.open();
        c.start(false);
        return c;
    }

    /** As {@link #polling}, with a selectable channel, so that the connection hibernates when idle. */
    static ScriptedConnection idling(FrameHandler handler, TransportOptions options) throws IOException {
        Pipe pipe = Pipe.open();
        pipe.source().configureBlocking(false);
        ScriptedConnection c = new ScriptedConnection(handler, options, true, false, pipe);
        c.open();
        c.start(false);
        return c;
    }

    /** Makes {@code bytes} readable, in pieces of the given sizes (the rest in one piece). */
    void feed(byte[] bytes, int... pieces) {
        synchronized (lock) {
            int at = 0;
            for (int p : pieces) {
                int n = Math.min(p, bytes.length - at);
                if (n > 0) {
                    chunks.add(java.util.Arrays.copyOfRange(bytes, at, at + n));
                    at += n;
                }
            }
            if (at < bytes.length) {
                chunks.add(java.util.Arrays.copyOfRange(bytes, at, bytes.length));
            }
            lock.notifyAll();
        }
        signal();
    }

    /** The peer closes after what was fed. */
    void endOfStream() {
        synchronized (lock) {
            endOfStream = true;
            lock.notifyAll();
        }
        signal();
    }

    private void signal() {
        if (pipe != null) {
            try {
                pipe.sink().write(ByteBuffer.wrap(new byte[1]));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A frame on the wire: 4-byte length, then the payload. */
    static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(4 + payload.length).putInt(payload.length).put(payload).array();
    }

    private boolean visible() {
        return readers.test(Thread.currentThread());
    }

    @Override
    public int readAvailable(ByteBuffer dst) throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        drainPipe();
        synchronized (lock) {
            if (!visible()) {
                return 0;
            }
            byte[] head = chunks.peek();
            if (head == null) {
                return endOfStream ? -1 : 0;
            }
            if (inPlace && chunkPos == 0 && wholeFrame(head)) {
                // a whole frame of one chunk goes only by peekFrame, so that a frame fed while the engine was between
                // peekFrame and this read is still delivered in place (the next receive round takes it)
                return 0;
            }
            int n = Math.min(dst.remaining(), head.length - chunkPos);
            dst.put(head, chunkPos, n);
            chunkPos += n;
            if (chunkPos == head.length) {
                chunks.poll();
                chunkPos = 0;
            }
            return n;
        }
    }

    private static boolean wholeFrame(byte[] chunk) {
        return chunk.length >= 4 && ByteBuffer.wrap(chunk).getInt() == chunk.length - 4;
    }

    private void drainPipe() throws IOException {
        if (pipe != null) {
            ByteBuffer scratch = ByteBuffer.allocate(64);
            while (pipe.source().read(scratch) > 0) {
                scratch.clear();
            }
        }
    }

    @Override
    public void awaitReadable() {
        awaitReadable(0);
    }

    /** Set by {@link #wakeReceiver}, taken by the next {@link #awaitReadable(long)}; guarded by the lock. */
    private boolean woken;

    /** How many times the engine woke the receive thread's wait. */
    volatile int wakeUps;

    @Override
    public void wakeReceiver() {
        synchronized (lock) {
            woken = true;
            wakeUps++;
            lock.notifyAll();
        }
    }

    /** Waits in steps of 10 ms until bytes are visible to this thread, the end, a close, a wake-up or the timeout. */
    @Override
    public boolean awaitReadable(long idleMillis) {
        long deadline = System.nanoTime() + idleMillis * 1_000_000;
        synchronized (lock) {
            while (!closed && !endOfStream && (chunks.isEmpty() || !visible())) {
                if (woken) {
                    woken = false;
                    return false;
                }
                if (idleMillis > 0 && System.nanoTime() - deadline >= 0) {
                    return false;
                }
                try {
                    lock.wait(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    @Override
    public ByteBuffer peekFrame(int maxFrameSize) throws IOException {
        if (!inPlace) {
            return null;
        }
        synchronized (lock) {
            byte[] head = chunks.peek();
            if (head == null || chunkPos != 0 || !visible() || head.length < 4) {
                return null;
            }
            int len = ByteBuffer.wrap(head).getInt();
            if (len > maxFrameSize) {
                throw new IOException("frame of " + len + " bytes");
            }
            return head.length == 4 + len ? ByteBuffer.wrap(head, 4, len) : null;
        }
    }

    @Override
    public void consumeFrame(int bytes) {
        synchronized (lock) {
            byte[] head = chunks.poll();
            if (head == null || head.length != bytes) {
                throw new AssertionError("consumed " + bytes + " bytes of a chunk of "
                        + (head == null ? "none" : head.length));
            }
        }
        consumed.addAndGet(bytes);
    }

    @Override
    public ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity);
    }

    @Override
    public boolean pollable() {
        return pollable;
    }

    @Override
    public SelectableChannel idleChannel() {
        return pipe == null ? null : pipe.source();
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) {
        ByteBuffer all = ByteBuffer.allocate((int) frameBytes);
        if (header != null) {
            all.put(header);
        }
        all.put(body);
        sent.add(all.array());
    }

    @Override
    void closeResources() {
        closed = true;
        synchronized (lock) {
            lock.notifyAll();
        }
        engine.wakeReceiver();
        if (pipe != null) {
            try {
                pipe.sink().close();
                pipe.source().close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    String technology() {
        return "scripted";
    }
}
