package io.mobula.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The part of a connection shared by byte-stream transports (TCP, in-JVM pipe): frames are a 4-byte
 * big-endian length followed by the payload. Subclasses supply the raw byte movement; this class does
 * framing, the send lock, the receive thread with its busy-poll, close-once and the counters.
 *
 * <p>Threads: senders serialize on a {@link ReentrantLock} (not {@code synchronized}, so virtual threads
 * do not pin their carrier while a large frame is written). One platform daemon thread per connection
 * receives; it spins for {@link TransportOptions#busyPoll()} before it parks, because a parked thread
 * costs a wake-up of several microseconds on every request/response turn.
 *
 * <p>A connection that can hand its channel to {@link IdleReceivers} ({@link #idleChannel()}: tcp and tls in polling
 * mode) lets its receive thread end after {@link TransportOptions#idleReceiver()} without a byte ("hibernates"); the
 * next readiness of the channel, a local close or a caller that met the end of the stream {@linkplain #resume()
 * resumes} it with a fresh receive thread, which goes on with the same frame assembly state (guarded by the receive
 * lock, as for polling callers). At most one receive thread runs at a time: a thread is started only by whoever moves
 * {@link #receiverState} from hibernated to running, and a receive thread does nothing after it set it to hibernated.
 *
 * <p>Work a handler gives the receive thread ({@link Connection#runAfterFrame}) runs after the frame, with the receive
 * lock released and the frames read after it kept in the buffer for whoever receives next (a polling caller, the same
 * thread when the work returns). If the work runs longer than {@link TransportOptions#receiverRelief()},
 * {@link ReceiveRelief} starts a fresh receive thread that goes on from there, and the busy thread ends when its work
 * returns; the loop is still run by one thread at a time.
 */
abstract class StreamConnection implements Connection, Runnable {

    static final System.Logger LOG = System.getLogger("io.mobula.transport");

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

    /** Marks an orderly close in {@link #closeState}; never thrown. */
    private static final IOException ORDERLY = new IOException("orderly close");

    final Endpoint remote;
    final FrameHandler handler;
    final int maxFrameSize;
    /**
     * The largest frame the peer may send now: {@link TransportOptions#handshakeFrameSize()} until
     * {@link #handshakeDone()}, then {@link #maxFrameSize}.
     */
    private volatile int frameLimit;
    private final long busyPollNanos;
    /** {@link TransportOptions#receiverRelief()} in nanoseconds; 0 = the receive thread takes no work. */
    private final long reliefNanos;
    /** {@link TransportOptions#idleReceiver()} in milliseconds; 0 = never hibernate. */
    private final long idleMillis;
    /** Pays for receive buffers beyond {@link #INITIAL_RECEIVE_BUFFER}; shared process-wide. */
    final ReceiveBudget budget;
    /** What this connection holds of {@link #budget} now. */
    private final AtomicLong reserved = new AtomicLong();
    private final Consumer<? super StreamConnection> onFinished;

    final ReentrantLock sendLock = new ReentrantLock();
    /** The length prefix, one per connection, only touched under {@link #sendLock}. */
    final ByteBuffer prefix;

    /** null while open; then ORDERLY or the cause. Set once: the first close wins. */
    private final AtomicReference<IOException> closeState = new AtomicReference<>();

    // single writer each (sender under sendLock / receive thread); volatile so stats() sees them
    private volatile long framesSent;
    private volatile long bytesSent;
    private volatile long framesReceived;
    private volatile long bytesReceived;

    private volatile Object attachment;
    private final ConnectionEvent event = new ConnectionEvent();

    StreamConnection(Endpoint remote, FrameHandler handler, TransportOptions options, ByteBuffer prefix,
                     Consumer<? super StreamConnection> onFinished) {
        this.remote = remote;
        this.handler = handler;
        this.maxFrameSize = options.maxFrameSize();
        this.frameLimit = options.handshakeFrameSize() > 0 ? options.handshakeFrameSize() : maxFrameSize;
        this.busyPollNanos = options.busyPoll().toNanos();
        this.reliefNanos = options.receiverRelief().toNanos();
        this.idleMillis = options.idleReceiver().toMillis();
        this.budget = ReceiveBudget.of(options.receiveBudget());
        this.prefix = prefix.order(ByteOrder.BIG_ENDIAN);
        this.onFinished = onFinished;
    }

    /** The place this accepted connection holds in its transport's {@link Admission} until proven; else null. */
    private volatile Admission admission;
    private volatile Admission.Place place;

    /** Makes this accepted connection the holder of {@code place}: evicted (closed) while it has not proven itself. */
    final void admittedBy(Admission a, Admission.Place p) {
        place = p;
        admission = a;
        a.hold(p, this);
    }

    @Override
    public void handshakeDone() {
        frameLimit = maxFrameSize;
        Admission a = admission;
        if (a != null) {
            admission = null;
            a.proven(place);
        }
    }

    // ---- raw byte movement, supplied by the technology ----

    /** Reads available bytes into dst without blocking: count, 0 if none yet, -1 at end of stream. */
    abstract int readAvailable(ByteBuffer dst) throws IOException;

    /** Blocks until {@link #readAvailable} may return non-zero or the connection is closed. */
    abstract void awaitReadable() throws IOException;

    /**
     * Like {@link #awaitReadable()}, but gives up after {@code idleMillis} (0: never); returns false if it gave up or
     * was woken without the channel being ready, true if the channel may be readable. Only connections with an
     * {@link #idleChannel()} time out.
     */
    boolean awaitReadable(long idleMillis) throws IOException {
        awaitReadable();
        return true;
    }

    /**
     * The non-blocking channel that {@link IdleReceivers} may watch while this connection hibernates, or null if its
     * receive thread must stay (blocking mode, transports without a selectable channel).
     */
    java.nio.channels.SelectableChannel idleChannel() {
        return null;
    }

    /**
     * Writes {@link #prefix} (filled in, position 0), then header (may be null), then body completely.
     * Called under {@link #sendLock}. May move the positions of header and body (the caller restores).
     */
    abstract void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException;

    /** Allocates a receive buffer (direct for sockets; heap where no system call reads into it). */
    abstract ByteBuffer allocate(int capacity);

    /** Releases the channel/pipe and wakes the receive thread and blocked senders; called once. */
    abstract void closeResources();

    /** Last cleanup on the receive thread after onClose (e.g. closing selectors). */
    void receiverFinished() {
    }

    /** The transport's name for thread names and messages. */
    abstract String technology();

    // ---- Connection ----

    @Override
    public final void send(ByteBuffer frame) throws IOException {
        sendFrame(null, frame);
    }

    @Override
    public final void send(ByteBuffer header, ByteBuffer body) throws IOException {
        sendFrame(header, body);
    }

    @Override
    public final void send(FrameParts frame) throws IOException {
        long bytes = frame.size();
        if (bytes > maxFrameSize) {
            throw new FrameTooLargeException(bytes, maxFrameSize, toString());
        }
        sendLock.lock();
        try {
            IOException state = closeState.get();
            if (state != null) {
                throw new IOException(this + " is closed", state == ORDERLY ? null : state);
            }
            prefix.clear();
            prefix.putInt(0, (int) bytes);
            frame.rewind();
            writeFrame(frame, bytes);
            framesSent = framesSent + 1;
            bytesSent = bytesSent + bytes;
        } catch (IOException e) {
            close(e);
            throw e;
        } finally {
            sendLock.unlock();
        }
        afterSend();
    }

    /** A flattened frame above this size is not kept for the next one. */
    static final int RETAINED_FLAT_BUFFER = 1 << 20;
    /** The buffer {@link #writeFrame(FrameParts, long)} flattens into; only touched under {@link #sendLock}. */
    private ByteBuffer flat;
    private BufferViews flatViews;

    /**
     * Writes {@link #prefix} and the frame in parts, its cursor at the start; called under {@link #sendLock}. This
     * default flattens the frame into a reusable heap buffer (kept up to {@link #RETAINED_FLAT_BUFFER}) and writes
     * that; transports that can copy the arrays straight to their destination override it.
     */
    void writeFrame(FrameParts frame, long frameBytes) throws IOException {
        ByteBuffer b = flat;
        if (b == null || b.capacity() < frameBytes) {
            b = ByteBuffer.allocate((int) frameBytes);
        }
        BufferViews views = flatViews != null && flatViews.of(b) ? flatViews : new BufferViews(b);
        b.clear();
        frame.fill(b, views);
        b.flip();
        if (b.capacity() <= RETAINED_FLAT_BUFFER) {
            flat = b;
            flatViews = views;
        } else {
            flat = null;
            flatViews = null;
        }
        writeFrame(null, b, frameBytes);
    }

    private void sendFrame(ByteBuffer header, ByteBuffer body) throws IOException {
        int headerPos = header == null ? 0 : header.position();
        int bodyPos = body.position();
        long bytes = (long) body.remaining() + (header == null ? 0 : header.remaining());
        if (bytes > maxFrameSize) {
            throw new FrameTooLargeException(bytes, maxFrameSize, toString());
        }
        sendLock.lock();
        try {
            IOException state = closeState.get();
            if (state != null) {
                throw new IOException(this + " is closed", state == ORDERLY ? null : state);
            }
            prefix.clear();
            prefix.putInt(0, (int) bytes);
            writeFrame(header, body, bytes);
            framesSent = framesSent + 1;
            bytesSent = bytesSent + bytes;
        } catch (IOException e) {
            // a half-written frame leaves the stream unusable: the connection is gone either way
            close(e);
            throw e;
        } finally {
            if (header != null) {
                header.position(headerPos);
            }
            body.position(bodyPos);
            sendLock.unlock();
        }
        afterSend();
    }

    /** Runs after every send, once the send lock is released (TLS: messages the receiver could not send). */
    void afterSend() {
    }

    @Override
    public final boolean isOpen() {
        return closeState.get() == null;
    }

    @Override
    public final Endpoint remote() {
        return remote;
    }

    @Override
    public final ConnectionStats stats() {
        return new ConnectionStats(framesSent, bytesSent, framesReceived, bytesReceived);
    }

    @Override
    public final void attach(Object attachment) {
        this.attachment = attachment;
    }

    @Override
    public final Object attachment() {
        return attachment;
    }

    @Override
    public final void close() {
        close(null);
    }

    /** Closes with a cause (null = orderly); only the first close counts. */
    final void close(IOException cause) {
        if (closeState.compareAndSet(null, cause == null ? ORDERLY : cause)) {
            closeResources();
            resume(); // a hibernating connection has no receive thread to report the close: start one
        }
    }

    final boolean isClosed() {
        return closeState.get() != null;
    }

    // ---- receive thread ----

    /**
     * Starts the receive thread.
     *
     * @param openOnReceiver whether onOpen runs first on the receive thread (accepted connections, so a
     *                       slow handler does not hold up the acceptor) or was already called by the caller
     */
    final void start(boolean openOnReceiver) {
        this.openOnReceiver = openOnReceiver;
        startCalled = true;
        event.begin();
        startReceiver();
    }

    private void startReceiver() {
        Thread.ofPlatform().daemon().name("mobula-" + technology() + "-recv-" + remote).start(this);
    }

    private boolean openOnReceiver;
    /** Whether {@link #start} was called: before it, nothing is delivered, not even to a polling caller. */
    private volatile boolean startCalled;

    final boolean startCalled() {
        return startCalled;
    }
    /** Whether a receive thread ran already; touched by receive threads only, ordered by {@link #receiverState}. */
    private boolean started;
    /** Whether this connection ever hibernated; same rules as {@link #started}. */
    private boolean everHibernated;

    private static final int RUNNING = 0;
    private static final int HIBERNATED = 1;
    /** RUNNING while a receive thread runs (or is about to); HIBERNATED while {@link IdleReceivers} watches. */
    private final AtomicInteger receiverState = new AtomicInteger(RUNNING);

    /** How many times the connection hibernated (for tests); written by receive threads only. */
    private volatile int hibernations;

    /** How many times the connection gave its receive thread up. */
    final int hibernations() {
        return hibernations;
    }

    /** Whether the connection waits in {@link IdleReceivers} without a receive thread. */
    final boolean hibernated() {
        return receiverState.get() == HIBERNATED;
    }

    /**
     * Starts a fresh receive thread if the connection hibernates; called when its channel is readable, it is closed,
     * or a polling caller met the end of the stream. Any thread; idempotent. If the thread cannot be started, the
     * connection stays hibernated and {@link IdleReceivers} tries again shortly.
     */
    final void resume() {
        if (!receiverState.compareAndSet(HIBERNATED, RUNNING)) {
            return;
        }
        try {
            startReceiver();
        } catch (OutOfMemoryError | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot start a receive thread for " + this + "; trying again", e);
            receiverState.set(HIBERNATED);
            try {
                IdleReceivers.shared().retryLater(this);
            } catch (IOException never) {
                // shared() succeeded when this connection hibernated: it exists
            }
        }
    }

    /**
     * Hands the channel to {@link IdleReceivers} so that this receive thread can end; called by the receive thread,
     * holding nothing, after the channel stayed idle. Returns true if the thread must end now (without finishing the
     * connection), false if it goes on: hibernation is not possible, a caller polls, or the connection closed or
     * ended meanwhile.
     */
    private boolean hibernate() {
        java.nio.channels.SelectableChannel channel = idleChannel();
        if (channel == null || idleMillis == 0 || pollers.get() > 0 || ending()) {
            return false;
        }
        IdleReceivers idle;
        try {
            idle = IdleReceivers.shared();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "no selector for idle connections: " + e);
            return false;
        }
        if (!idle.ensureRunning()) {
            return false;
        }
        everHibernated = true;
        receiver = null;
        receiverState.set(HIBERNATED);
        // a close or a poller's end of stream before the state was set saw no hibernation: check after setting it
        if (ending()) {
            return !receiverState.compareAndSet(HIBERNATED, RUNNING); // we won: go on and finish; else a new thread does
        }
        hibernations = hibernations + 1;
        LOG.log(System.Logger.Level.TRACE, () -> "idle: " + this);
        idle.park(this, channel);
        return true;
    }

    /** Whether the receive loop is to stop: closed, or a caller met the end of the stream or a failure. */
    private boolean ending() {
        return isClosed() || rxEnded || rxFailure != null;
    }

    /** Calls onOpen on the current thread; a throwing handler closes the connection. */
    final void open() {
        try {
            handler.onOpen(this);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "onOpen of " + this + " failed", e);
            close(new IOException("onOpen failed", e));
        }
    }

    @Override
    public final void run() {
        IOException failure = null;
        boolean hibernating = false;
        try {
            if (!started) {
                started = true;
                LOG.log(System.Logger.Level.DEBUG, () -> "open: " + this);
                if (openOnReceiver) {
                    open();
                }
            }
            hibernating = receiveLoop();
        } catch (IOException e) {
            failure = e;
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.WARNING, "frame handler of " + this + " failed; closing", e);
            failure = new IOException("frame handler failed", e);
        } finally {
            if (!hibernating) {
                finish(failure);
            }
        }
    }

    /** Reports the end of the connection, once, on its last receive thread. */
    private void finish(IOException failure) {
        // after a local close the read fails with ClosedChannelException: the recorded state wins
        close(failure);
        releaseReceiveBuffer(); // nobody receives any more: the budget gets its bytes back before onClose
        IOException state = closeState.get();
        LOG.log(System.Logger.Level.DEBUG, () -> "closed: " + this + " " + stats()
                + (state == ORDERLY ? "" : " cause: " + state));
        commitEvent(state == ORDERLY ? null : state);
        try {
            handler.onClose(this, state == ORDERLY ? null : state);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "onClose of " + this + " failed", e);
        } finally {
            receiverFinished();
            if (everHibernated) {
                wakeIdleReceivers(); // so that it releases its registration of the closed channel now
            }
            onFinished.accept(this);
        }
    }

    private static void wakeIdleReceivers() {
        try {
            IdleReceivers.shared().wakeUp();
        } catch (IOException e) {
            // it existed when the connection hibernated
        }
    }

    private void commitEvent(IOException cause) {
        event.end();
        if (event.shouldCommit()) {
            event.technology = technology();
            event.remote = remote.toString();
            event.framesSent = framesSent;
            event.bytesSent = bytesSent;
            event.framesReceived = framesReceived;
            event.bytesReceived = bytesReceived;
            event.cause = cause == null ? "" : cause.toString();
            event.commit();
        }
    }

    /** Counts one received frame of {@code len} bytes (for loops of subclasses). */
    final void countReceived(int len) {
        framesReceived = framesReceived + 1;
        bytesReceived = bytesReceived + len;
    }

    // ---- receiving: whoever holds rx reads and delivers, the receive thread or a polling caller ----

    /** The receive role; the frame assembly state below is guarded by it. */
    final ReentrantLock rx = new ReentrantLock();
    private ByteBuffer rxBuf;
    private ByteBuffer rxView; // the flyweight handed to onFrame
    private int rxReadPos;     // frames start here; rxBuf.position() is where the next read goes
    /** Whether the buffer may hold whole frames not delivered yet (delivery stopped for handed-off work). */
    private volatile boolean rxBuffered;
    private int smallFramesSinceGrow;
    /** Callers polling now: the receive thread stands by, parked, meanwhile. */
    final AtomicInteger pollers = new AtomicInteger();
    /** The thread running the receive loop now. */
    volatile Thread receiver;
    /** End of stream or failure met by a poller, for the receive thread to report. */
    volatile boolean rxEnded;
    volatile IOException rxFailure;
    private static final long STAND_BY_NANOS = 200_000;
    private static final int CLOSED_BY_HANDLER = -2;

    /** Whether callers may poll this connection: its reads must not block. */
    boolean pollable() {
        return false;
    }

    /**
     * Reads and delivers frames until the peer closes (return false) or the connection fails (throw), or until the
     * connection hibernated (return true: the thread ends and the connection stays open); runs on the receive thread.
     * Subclasses with their own delivery (shared memory) override it.
     */
    boolean receiveLoop() throws IOException {
        receiver = Thread.currentThread();
        boolean spinning = false;
        long spinStart = 0;
        while (!isClosed()) {
            if (rxEnded) {
                return false;
            }
            IOException failed = rxFailure;
            if (failed != null) {
                throw failed;
            }
            if (pollers.get() > 0) {
                LockSupport.parkNanos(this, STAND_BY_NANOS); // a caller reads; it unparks us when it stops
                spinning = false;
                continue;
            }
            int n;
            rx.lock();
            try {
                n = loopReceiveOnce();
            } finally {
                rx.unlock();
            }
            if (afterFrame != null && runHandedOffWork()) {
                return true; // another receive thread took over while the work ran: this one ends
            }
            if (n < 0) {
                return false; // orderly end of stream, or closed from inside onFrame
            }
            if (n == 0) {
                if (!spinning) {
                    spinning = true;
                    spinStart = System.nanoTime();
                } else if (System.nanoTime() - spinStart >= busyPollNanos) {
                    if (!awaitReadable(idleMillis) && hibernate()) {
                        return true; // idle: IdleReceivers watches the channel and resumes us with a new thread
                    }
                    spinning = false;
                } else {
                    Thread.onSpinWait();
                }
                continue;
            }
            spinning = false;
        }
        return false;
    }

    @Override
    public boolean receiveUntil(BooleanSupplier done, long windowNanos) {
        if (!pollable() || rx.isHeldByCurrentThread()) {
            return done.getAsBoolean(); // a call from inside onFrame: only the thread delivering can go on
        }
        pollers.incrementAndGet();
        try {
            long start = System.nanoTime();
            while (!done.getAsBoolean()) {
                if (isClosed() || rxEnded || rxFailure != null) {
                    return false;
                }
                if (rx.tryLock()) {
                    int n = 0;
                    try {
                        if (!isClosed() && !rxEnded && rxFailure == null) {
                            n = receiveOnce();
                            if (n < 0) {
                                rxEnded = true;
                            }
                        }
                    } catch (IOException e) {
                        rxFailure = e;
                    } catch (RuntimeException | Error e) {
                        rxFailure = new IOException("frame handler failed", e);
                    } finally {
                        rx.unlock();
                    }
                    if (n > 0) {
                        continue;
                    }
                }
                if (System.nanoTime() - start > windowNanos) {
                    return false;
                }
                Thread.onSpinWait();
            }
            return true;
        } finally {
            if (pollers.decrementAndGet() == 0 || rxEnded || rxFailure != null) {
                Thread r = receiver;
                if (r != null) {
                    LockSupport.unpark(r);
                }
                if (rxEnded || rxFailure != null) {
                    resume(); // a hibernating connection needs a receive thread to report the end
                }
            }
        }
    }

    /**
     * Reads what is available and delivers the complete frames; the caller holds {@link #rx}. Returns the bytes
     * read, 0 if none were there, or a negative number when the stream ended at a frame boundary or a handler
     * closed the connection.
     */
    final int receiveOnce() throws IOException {
        if (rxBuf == null) {
            rxBuf = allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN);
            rxView = rxBuf.duplicate();
        }
        ByteBuffer buf = rxBuf;
        if (!rxBuffered && rxReadPos == 0 && buf.position() == 0) {
            int d = deliverInPlace();
            if (d != 0) {
                return d;
            }
        }
        int n;
        if (rxBuffered) {
            rxBuffered = false; // deliver what is there before reading more
            n = 1;
        } else {
            n = readAvailable(buf);
            if (n == 0) {
                return 0;
            }
        }
        int readPos = rxReadPos;
        int end = buf.position();
        if (n < 0) {
            if (end > readPos) {
                throw new EOFException("peer closed in the middle of a frame (" + (end - readPos)
                        + " bytes of it received)");
            }
            return -1; // orderly: the peer closed at a frame boundary
        }
        ByteBuffer view = rxView;
        while (end - readPos >= 4) {
            int len = buf.getInt(readPos);
            if (len < 0 || len > frameLimit) {
                throw new IOException("protocol error: peer announced a frame of " + len + " bytes ("
                        + (frameLimit < maxFrameSize ? "at most " + frameLimit + " before its handshake is done"
                        : "maxFrameSize " + maxFrameSize) + ")" + tlsHint(len) + "; closing " + this);
            }
            if (end - readPos - 4 < len) {
                ByteBuffer grown = growFor(buf, readPos, end, 4 + len);
                if (grown != null) {
                    rxBuf = buf = grown;
                    rxView = view = grown.duplicate();
                    smallFramesSinceGrow = 0;
                }
                break;
            }
            view.limit(readPos + 4 + len).position(readPos + 4);
            // counted first so that a handler (or whoever it signals) sees its own frame in stats()
            countReceived(len);
            handler.onFrame(this, view);
            readPos += 4 + len;
            if (len < RETAINED_RECEIVE_BUFFER) {
                smallFramesSinceGrow++;
            }
            if (isClosed()) {
                rxReadPos = readPos;
                return CLOSED_BY_HANDLER; // closed from inside onFrame: deliver nothing more
            }
            if (afterFrame != null) {
                rxBuffered = readPos != end; // the frame's work runs next; the next holder of rx goes on here
                break;
            }
        }
        if (readPos == end) {
            if (buf.capacity() > RETAINED_RECEIVE_BUFFER && smallFramesSinceGrow >= SHRINK_AFTER_FRAMES) {
                // a one-off huge frame should not pin a huge buffer for the life of the connection
                rxBuf = allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN);
                rxView = rxBuf.duplicate();
                releaseGrowth();
            } else {
                buf.clear();
            }
            readPos = 0;
        } else if (readPos > 0) {
            buf.limit(end).position(readPos);
            buf.compact(); // partial frame to the front; position = its length, limit = capacity
            readPos = 0;
        }
        rxReadPos = readPos;
        return n;
    }

    /**
     * With nothing in the receive buffer: delivers the next frame where the transport holds it, if it can (a
     * shared-memory ring holding the whole frame in one piece), without copying it into the receive buffer first.
     * Returns the bytes consumed (prefix included), 0 if it delivered nothing (the caller reads as usual), or a
     * negative number if a handler closed the connection. The caller holds {@link #rx}.
     */
    int deliverInPlace() throws IOException {
        return 0;
    }

    /** Delivers one frame of {@code len} bytes held by the transport ({@link #deliverInPlace}); same rules. */
    final int deliverHeld(ByteBuffer frame, int len) throws IOException {
        countReceived(len);
        handler.onFrame(this, frame);
        if (len < RETAINED_RECEIVE_BUFFER) {
            smallFramesSinceGrow++;
        }
        if (rxBuf.capacity() > RETAINED_RECEIVE_BUFFER && smallFramesSinceGrow >= SHRINK_AFTER_FRAMES) {
            rxBuf = allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN); // as in receiveOnce: it is empty
            rxView = rxBuf.duplicate();
            releaseGrowth();
        }
        return isClosed() ? CLOSED_BY_HANDLER : 4 + len;
    }

    // ---- work handed to the receive thread (Connection.runAfterFrame), relieved by ReceiveRelief ----

    /** Work the handler gave the receive thread for after the frame; only touched by that thread. */
    private Runnable afterFrame;
    /** The receive thread while it runs handed-off work, else null; the relief moves it to null when it takes over. */
    private final AtomicReference<Thread> working = new AtomicReference<>();
    private volatile long workSince;
    private volatile long lastWork;
    /** Whether {@link ReceiveRelief} watches this connection. */
    private volatile boolean watchedByRelief;
    /** A relief thread is due but could not be started yet. */
    private volatile boolean reliefPending;
    /**
     * Threads whose work outlived the relief time and still runs: while there is one, no more work is taken (the
     * handler runs it elsewhere, on a virtual thread), so calls that block cost a connection at most one platform
     * thread beyond its receive thread.
     */
    private final AtomicInteger relievedWorking = new AtomicInteger();

    /** Whether the receive loop (not a polling caller) delivers now; guarded by {@link #rx}. */
    private boolean loopDelivers;

    /** {@link #receiveOnce} for the receive loop, which may be handed work; the caller holds {@link #rx}. */
    final int loopReceiveOnce() throws IOException {
        loopDelivers = true;
        try {
            return receiveOnce();
        } finally {
            loopDelivers = false;
        }
    }

    @Override
    public final boolean runAfterFrame(Runnable work) {
        if (reliefNanos == 0 || !rx.isHeldByCurrentThread() || !loopDelivers || working.get() != null
                || afterFrame != null || relievedWorking.get() > 0) {
            return false;
        }
        afterFrame = work;
        return true;
    }

    /** Whether whole frames may wait in the receive buffer (read from without the receive role: a hint). */
    final boolean hasBufferedFrames() {
        return rxBuffered;
    }

    /** Whether the receive thread is to run handed-off work now (after it released the receive role). */
    final boolean hasHandedOffWork() {
        return afterFrame != null;
    }

    /**
     * Runs the work handed to this receive thread, with the receive role released; returns true if another receive
     * thread took over meanwhile ({@link ReceiveRelief}), so this one must end without finishing the connection.
     */
    final boolean runHandedOffWork() {
        Runnable work = afterFrame;
        afterFrame = null;
        Thread me = Thread.currentThread();
        workSince = System.nanoTime();
        working.set(me);
        if (!watchedByRelief) {
            watchedByRelief = true;
            ReceiveRelief.shared().watch(this);
        }
        try {
            work.run();
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.WARNING, "work run on the receive thread of " + this + " failed", t);
        } finally {
            // an interrupt the work left behind (a method that restores it after catching InterruptedException)
            // must not reach the channel, which an interrupted thread would close
            Thread.interrupted();
            lastWork = System.nanoTime();
        }
        if (working.compareAndSet(me, null)) {
            return false;
        }
        relievedWorking.decrementAndGet(); // relieved while it ran: another thread receives now
        return true;
    }

    /**
     * One look of {@link ReceiveRelief} at this connection: starts a fresh receive thread if handed-off work has run
     * for the relief time. Returns when to look again (nanoseconds), or -1 to stop watching (no work for a while).
     */
    final long checkRelief(long now) {
        if (reliefPending) {
            startRelief();
        }
        Thread w = working.get();
        if (w == null) {
            return now - lastWork > ReceiveRelief.FORGET_RELIEF_TIMES * reliefNanos && !reliefPending ? -1
                    : reliefNanos / 2;
        }
        long ran = now - workSince;
        if (ran >= reliefNanos && working.compareAndSet(w, null)) {
            relievedWorking.incrementAndGet();
            LOG.log(System.Logger.Level.TRACE, () -> "relieving the receive thread of " + this + " after "
                    + ran / 1000 + " us of work");
            reliefs = reliefs + 1;
            startRelief();
        }
        return reliefNanos / 2;
    }

    private void startRelief() {
        try {
            startReceiver();
            reliefPending = false;
        } catch (OutOfMemoryError | RuntimeException e) {
            reliefPending = true; // tried again at the next look
            LOG.log(System.Logger.Level.WARNING, "cannot start a receive thread for " + this + "; trying again", e);
        }
    }

    /** Called by {@link ReceiveRelief} when it stops watching. */
    final void unwatched() {
        watchedByRelief = false;
    }

    /** Called by {@link ReceiveRelief} after it stopped watching: work that started meanwhile registers again. */
    final void rewatchIfRunning() {
        if (working.get() != null && !watchedByRelief) {
            watchedByRelief = true;
            ReceiveRelief.shared().watch(this);
        }
    }

    /** How many times a fresh receive thread took over from one running handed-off work (for tests). */
    private volatile int reliefs;

    final int reliefs() {
        return reliefs;
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
     * {@code buf} holds from {@code readPos} to {@code end}; the caller holds the receive role. Returns null while
     * {@code buf} can still take more of the frame (after the caller compacts it to the front, if needed), else a
     * buffer of {@link #GROWTH_FACTOR} times the capacity (at most {@code frameBytes}) holding the partial frame at
     * index 0, its position after it. Growing only a full buffer, geometrically, ties memory to the bytes that
     * really arrived while keeping the copying linear in the frame size. The growth is reserved from the {@link #budget} first.
     *
     * @throws IOException when the budget has no room for the growth (the connection is to be closed)
     */
    final ByteBuffer growFor(ByteBuffer buf, int readPos, int end, int frameBytes) throws IOException {
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
                    + " bytes of TransportOptions.receiveBudget; closing " + this;
            try {
                handler.onFrameRefused(this, buf.duplicate().limit(end).position(readPos + 4), frameBytes - 4, why);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "the handler of a refused frame failed", e);
            }
            throw new IOException(why);
        }
        reserved.addAndGet(more);
        ByteBuffer grown;
        try {
            grown = allocate(target).order(ByteOrder.BIG_ENDIAN);
        } catch (OutOfMemoryError e) {
            reserved.addAndGet(-more);
            budget.release(more);
            throw new IOException("out of memory growing the receive buffer to " + target + " bytes for a frame of "
                    + (frameBytes - 4) + " bytes; closing " + this, e);
        }
        grown.put(0, buf, 0, end);
        grown.position(end);
        return grown;
    }

    /** Gives what this connection holds of the budget back, after its buffer went back to the initial size. */
    final void releaseGrowth() {
        budget.release(reserved.getAndSet(0));
    }

    /** The bytes of receive buffer this connection holds beyond {@link #INITIAL_RECEIVE_BUFFER} (for tests). */
    final long receiveBufferGrowth() {
        return reserved.get();
    }

    /**
     * Drops the receive buffer and gives its growth back to the budget; called once on the receive thread after
     * the connection closed, when nobody receives any more.
     */
    void releaseReceiveBuffer() {
        rx.lock();
        try {
            rxBuf = null;
            rxView = null;
            releaseGrowth();
        } finally {
            rx.unlock();
        }
    }

    @Override
    public String toString() {
        return technology() + " connection to " + remote;
    }
}
