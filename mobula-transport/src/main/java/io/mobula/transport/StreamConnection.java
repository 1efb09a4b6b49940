package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import jdk.jfr.FlightRecorder;

/**
 * The part of a connection shared by byte-stream transports (tcp, tls, shm, local, sock+tcp): frames are a 4-byte
 * big-endian length followed by the payload. Subclasses supply the raw byte movement: sending ({@link #writeFrame})
 * and, as a {@link ByteSource}, receiving; this class does framing on the send side, the send lock, close-once, the
 * counters and the JFR event, and hands receiving to its {@link ProgressEngine}, which owns who receives (the receive
 * thread, polling callers, stand-by, idle hand-off, relief) the same way for every transport.
 *
 * <p>Threads: senders serialize on a {@link ReentrantLock} (not {@code synchronized}, so virtual threads do not pin
 * their carrier while a large frame is written). Receiving follows the engine's rules; {@link #finish} runs once, on
 * the connection's last receive thread.
 */
abstract class StreamConnection implements Connection, ByteSource {

    static final System.Logger LOG = System.getLogger("io.mobula.transport");

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
    /** Who receives on this connection. */
    final ProgressEngine engine;
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

    /** Sees every frame sent and received ({@link TransportOptions#traffic()}). */
    private final TrafficObserver traffic;

    private volatile Object attachment;
    /**
     * The connection's JFR event, or null when no flight recorder existed as it opened: loading an event class
     * registers it with JFR, which costs about 0.2 s of a process's start-up, so a process that never records never
     * loads one (a connection opened before a recording starts is not in it).
     */
    private final ConnectionEvent event = FlightRecorder.isInitialized() ? new ConnectionEvent() : null;

    StreamConnection(Endpoint remote, FrameHandler handler, TransportOptions options, ByteBuffer prefix,
                     Consumer<? super StreamConnection> onFinished) {
        this(remote, handler, options, prefix, ProgressEngine.Policy.socket(options), onFinished);
    }

    StreamConnection(Endpoint remote, FrameHandler handler, TransportOptions options, ByteBuffer prefix,
                     ProgressEngine.Policy policy, Consumer<? super StreamConnection> onFinished) {
        this.remote = remote;
        this.handler = handler;
        this.maxFrameSize = options.maxFrameSize();
        this.frameLimit = options.handshakeFrameSize() > 0 ? options.handshakeFrameSize() : maxFrameSize;
        this.prefix = prefix.order(ByteOrder.BIG_ENDIAN);
        this.onFinished = onFinished;
        this.traffic = options.traffic();
        this.engine = new ProgressEngine(this, this, policy, options);
    }

    /** The largest frame the peer may send now (see {@link #frameLimit}); any thread. */
    final int frameLimit() {
        return frameLimit;
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

    // ---- raw byte movement, supplied by the technology (receiving: the ByteSource methods) ----

    /**
     * Writes {@link #prefix} (filled in, position 0), then header (may be null), then body completely.
     * Called under {@link #sendLock}. May move the positions of header and body (the caller restores).
     */
    abstract void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException;

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
            traffic.sent(this, bytes);
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
            traffic.sent(this, bytes);
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
            engine.resume(); // a hibernating connection has no receive thread to report the close: start one
        }
    }

    final boolean isClosed() {
        return closeState.get() != null;
    }

    // ---- receiving: the engine ----

    /**
     * Starts the receive thread.
     *
     * @param openOnReceiver whether onOpen runs first on the receive thread (accepted connections, so a
     *                       slow handler does not hold up the acceptor) or was already called by the caller
     */
    final void start(boolean openOnReceiver) {
        if (event != null) {
            event.begin();
        }
        engine.start(openOnReceiver);
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

    /** Reports the end of the connection, once, on its last receive thread ({@link ProgressEngine#run}). */
    final void finish(IOException failure) {
        // after a local close the read fails with ClosedChannelException: the recorded state wins
        close(failure);
        engine.stopReceiving(); // nobody receives any more: the budget gets its bytes back before onClose
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
            onFinished.accept(this);
        }
    }

    private void commitEvent(IOException cause) {
        if (event == null) {
            return;
        }
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

    /**
     * Counts one received frame of {@code len} bytes and shows it to the traffic observer; called by whoever holds
     * the engine's receive lock, before the handler sees the frame.
     */
    final void countReceived(int len) {
        framesReceived = framesReceived + 1;
        bytesReceived = bytesReceived + len;
        traffic.received(this, len);
    }

    @Override
    public final boolean receiveUntil(BooleanSupplier done, long windowNanos) {
        return engine.receiveUntil(done, windowNanos);
    }

    @Override
    public final boolean runAfterFrame(Runnable work) {
        return engine.runAfterFrame(work);
    }

    @Override
    public String toString() {
        return technology() + " connection to " + remote;
    }
}
