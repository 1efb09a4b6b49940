package io.mobula.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns the bytes of one connection's {@link ByteSource} into frames and delivers them to its handler: a receive
 * buffer that starts at {@link #INITIAL_RECEIVE_BUFFER} and grows with the bytes that really arrived (charged to the
 * process's {@link ReceiveBudget}), the length-prefix check, and delivery in place where the source holds a whole
 * frame ({@link ByteSource#peekFrame}).
 *
 * <p>Threading: not thread-safe; every method except {@link #growth()} and {@link #hasBufferedFrames()} is called with
 * the {@link ProgressEngine}'s receive lock held, which orders the state between the threads taking turns.
 */
final class FrameAssembly {

    /**
     * Receive buffers start here and grow for larger frames, up to maxFrameSize + 4, with the bytes that arrive:
     * a full buffer holding the start of a frame grows by {@link #GROWTH_FACTOR} (see {@link #growFor}), charged to
     * the {@link ReceiveBudget}.
     */
    static final int INITIAL_RECEIVE_BUFFER = 128 << 10;
    /**
     * How much a full receive buffer grows at a time. A peer can make a connection hold at most this many times the
     * bytes it really sent; a large frame costs its size times {@code 1 + 1/(GROWTH_FACTOR - 1)} in allocations and
     * copies. 4 rather than 2: a 64 MiB frame on a fresh TCP connection took about 1.5 times as long as allocating it
     * at once, against 2.5 times when doubling.
     */
    static final int GROWTH_FACTOR = 4;
    /** A grown receive buffer above this size is given back after this many smaller frames. */
    static final int RETAINED_RECEIVE_BUFFER = 4 << 20;
    static final int SHRINK_AFTER_FRAMES = 256;
    /** What {@link #receiveOnce} returns when a handler closed the connection. */
    static final int CLOSED_BY_HANDLER = -2;

    private final StreamConnection connection;
    private final ByteSource source;
    private final ProgressEngine engine;
    private final int maxFrameSize;
    /** Frames up to this size pass before the handshake too, so only larger ones read the connection's limit. */
    private final int handshakeFrameSize;
    /** Pays for receive buffers beyond {@link #INITIAL_RECEIVE_BUFFER}; shared process-wide. */
    private final ReceiveBudget budget;
    /** What this connection holds of {@link #budget} now. */
    private final AtomicLong reserved = new AtomicLong();

    private ByteBuffer buf;
    private ByteBuffer view; // the flyweight handed to onFrame
    private int readPos;     // frames start here; buf.position() is where the next read goes
    /** Whether the buffer may hold whole frames not delivered yet (delivery stopped for handed-off work). */
    private volatile boolean buffered;
    private int smallFramesSinceGrow;
    /**
     * Bytes of a refused frame still to come that are read and dropped (the handler answered the frame, so the
     * connection goes on after it): reading them is the work the frame's own size bounds, without the memory.
     */
    private long discarding;

    FrameAssembly(StreamConnection connection, ByteSource source, ProgressEngine engine, TransportOptions options) {
        this.connection = connection;
        this.source = source;
        this.engine = engine;
        this.maxFrameSize = options.maxFrameSize();
        this.handshakeFrameSize = options.handshakeFrameSize() > 0 ? options.handshakeFrameSize() : maxFrameSize;
        this.budget = ReceiveBudget.of(options.receiveBudget());
    }

    /** Whether whole frames may wait in the receive buffer (read without the receive lock: a hint). */
    boolean hasBufferedFrames() {
        return buffered;
    }

    /**
     * Reads what is available and delivers the complete frames, stopping after a frame whose handler gave the engine
     * work ({@link ProgressEngine#hasHandedOffWork}). Returns the bytes read, 0 if none were there, or a negative
     * number when the stream ended at a frame boundary or a handler closed the connection.
     */
    int receiveOnce() throws IOException {
        if (buf == null) {
            buf = source.allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN);
            view = buf.duplicate();
        }
        ByteBuffer buf = this.buf;
        if (!buffered && discarding == 0 && readPos == 0 && buf.position() == 0) {
            int d = deliverInPlace();
            if (d != 0) {
                return d;
            }
        }
        int n;
        if (buffered) {
            buffered = false; // deliver what is there before reading more
            n = 1;
        } else {
            n = source.readAvailable(buf);
            if (n == 0) {
                return 0;
            }
        }
        int readPos = this.readPos;
        int end = buf.position();
        if (n < 0) {
            if (end > readPos || discarding > 0) {
                throw new EOFException("peer closed in the middle of a frame (" + (end - readPos)
                        + " bytes of it received)");
            }
            return -1; // orderly: the peer closed at a frame boundary
        }
        if (discarding > 0) {
            int drop = (int) Math.min(discarding, end - readPos);
            readPos += drop;
            discarding -= drop;
        }
        ByteBuffer view = this.view;
        while (end - readPos >= 4) {
            int len = buf.getInt(readPos);
            if (len < 0 || len > handshakeFrameSize && len > connection.frameLimit()) {
                int limit = connection.frameLimit();
                throw new IOException("protocol error: peer announced a frame of " + len + " bytes ("
                        + (limit < maxFrameSize ? "at most " + limit + " before its handshake is done"
                        : "maxFrameSize " + maxFrameSize) + ")" + tlsHint(len) + "; closing " + connection);
            }
            if (end - readPos - 4 < len) {
                ByteBuffer grown = growFor(buf, readPos, end, 4 + len);
                if (grown != null) {
                    this.buf = buf = grown;
                    this.view = view = grown.duplicate();
                    smallFramesSinceGrow = 0;
                } else if (discarding > 0) {
                    readPos = end; // the refused frame's bytes so far go; the rest is dropped as it arrives
                }
                break;
            }
            view.limit(readPos + 4 + len).position(readPos + 4);
            // counted first so that a handler (or whoever it signals) sees its own frame in stats()
            connection.countReceived(len);
            connection.handler.onFrame(connection, view);
            readPos += 4 + len;
            if (len < RETAINED_RECEIVE_BUFFER) {
                smallFramesSinceGrow++;
            }
            if (connection.isClosed()) {
                this.readPos = readPos;
                return CLOSED_BY_HANDLER; // closed from inside onFrame: deliver nothing more
            }
            if (engine.hasHandedOffWork()) {
                buffered = readPos != end; // the frame's work runs next; the next holder of the lock goes on here
                break;
            }
        }
        if (readPos == end) {
            if (buf.capacity() > RETAINED_RECEIVE_BUFFER && smallFramesSinceGrow >= SHRINK_AFTER_FRAMES) {
                shrink(); // a one-off huge frame should not pin a huge buffer for the life of the connection
            } else {
                buf.clear();
            }
            readPos = 0;
        } else if (readPos > 0) {
            buf.limit(end).position(readPos);
            buf.compact(); // partial frame to the front; position = its length, limit = capacity
            readPos = 0;
        }
        this.readPos = readPos;
        return n;
    }

    /**
     * With nothing in the receive buffer: delivers the next frame where the source holds it, if it can, without
     * copying it into the receive buffer first. Returns the bytes consumed (prefix included), 0 if it delivered
     * nothing (the caller reads as usual), or {@link #CLOSED_BY_HANDLER}.
     */
    private int deliverInPlace() throws IOException {
        ByteBuffer frame = source.peekFrame(maxFrameSize);
        if (frame == null) {
            return 0;
        }
        int len = frame.remaining();
        try {
            connection.countReceived(len);
            connection.handler.onFrame(connection, frame);
            if (len < RETAINED_RECEIVE_BUFFER) {
                smallFramesSinceGrow++;
            }
            if (buf.capacity() > RETAINED_RECEIVE_BUFFER && smallFramesSinceGrow >= SHRINK_AFTER_FRAMES) {
                shrink(); // as in receiveOnce: it is empty
            }
            return connection.isClosed() ? CLOSED_BY_HANDLER : 4 + len;
        } finally {
            source.consumeFrame(4 + len);
        }
    }

    private void shrink() {
        buf = source.allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN);
        view = buf.duplicate();
        releaseGrowth();
    }

    /**
     * A note for a length prefix that is the start of a TLS record (an alert or a handshake message of TLS 1.0 to
     * 1.3): the peer speaks TLS and this side does not.
     */
    static String tlsHint(int prefix) {
        int type = prefix >>> 24;
        return (type == 0x15 || type == 0x16) && ((prefix >>> 16) & 0xff) == 3
                ? " (these bytes begin a TLS record: the peer uses TLS and this side does not)" : "";
    }

    /**
     * Makes room for the rest of a frame of {@code frameBytes} (prefix included) that does not fit into what
     * {@code buf} holds from {@code readPos} to {@code end}. Returns null while {@code buf} can still take more of the
     * frame (after the caller compacts it to the front, if needed), else a buffer of {@link #GROWTH_FACTOR} times the
     * capacity (at most {@code frameBytes}) holding the partial frame at index 0, its position after it. Growing only
     * a full buffer, geometrically, ties memory to the bytes that really arrived while keeping the copying linear in
     * the frame size. The growth is reserved from the {@link #budget} first.
     *
     * <p>When the budget has no room for the growth, the handler is told ({@link FrameHandler#onFrameRefused}). If
     * it answered the frame, the frame is dropped: this returns null with {@link #discarding} set to the bytes of it
     * still to come, and the connection goes on after it.
     *
     * @throws IOException when the budget has no room for the growth and the handler did not answer the frame (the
     *                     connection is to be closed)
     */
    private ByteBuffer growFor(ByteBuffer buf, int readPos, int end, int frameBytes) throws IOException {
        int capacity = buf.capacity();
        if (frameBytes <= capacity || readPos > 0 || end < capacity) {
            return null;
        }
        int target = (int) Math.min(frameBytes, (long) GROWTH_FACTOR * capacity);
        long more = target - capacity;
        if (!budget.tryReserve(more)) {
            String why = "receive budget exhausted: a frame of " + (frameBytes - 4) + " bytes needs "
                    + more + " more bytes of receive buffer, but all connections together hold "
                    + budget.reserved() + " of the " + budget.limit()
                    + " bytes of TransportOptions.receiveBudget";
            boolean answered = false;
            try {
                answered = connection.handler.onFrameRefused(connection,
                        buf.duplicate().limit(end).position(readPos + 4), frameBytes - 4, why);
            } catch (RuntimeException e) {
                System.getLogger(FrameAssembly.class.getName()).log(System.Logger.Level.DEBUG,
                        "the handler of a refused frame failed", e);
            }
            if (!answered || connection.isClosed()) {
                throw new IOException(why + "; closing " + connection);
            }
            discarding = frameBytes - (end - readPos);
            return null;
        }
        reserved.addAndGet(more);
        ByteBuffer grown;
        try {
            grown = source.allocate(target).order(ByteOrder.BIG_ENDIAN);
        } catch (OutOfMemoryError e) {
            reserved.addAndGet(-more);
            budget.release(more);
            throw new IOException("out of memory growing the receive buffer to " + target + " bytes for a frame of "
                    + (frameBytes - 4) + " bytes; closing " + connection, e);
        }
        grown.put(0, buf, 0, end);
        grown.position(end);
        return grown;
    }

    /** Gives what this connection holds of the budget back, after its buffer went back to the initial size. */
    private void releaseGrowth() {
        budget.release(reserved.getAndSet(0));
    }

    /** The bytes of receive buffer this connection holds beyond {@link #INITIAL_RECEIVE_BUFFER}; any thread. */
    long growth() {
        return reserved.get();
    }

    /** Drops the receive buffer and gives its growth back to the budget, once nobody receives any more. */
    void release() {
        buf = null;
        view = null;
        releaseGrowth();
    }
}
