package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.*;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.FrameHandler;
import io.mobula.transport.FrameParts;
import io.mobula.transport.SharedMemory;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import io.mobula.transport.FrameTooLargeException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one connection between this process and a peer process, shared by every object and thread (thesis 3.3.3,
 * KaRMI 4.2). Calls are multiplexed by call id, so concurrent calls never wait for each other's replies. One
 * writer (and so one outbound type table) and one reader (one inbound type table) per connection.
 *
 * <p>Receive path (the transport's receive thread): decode the header, then either decode a reply into its
 * {@link PendingCall}, or decode a call's arguments and run it right there (non-blocking methods) or on a virtual
 * thread.
 *
 * <p>Upgrade to shared memory (KaRMI 4.3, the best technology both sides share): the TCP connection carries the
 * HELLOs; when both processes offer shm and have the same host id, the one with the smaller VM id creates a
 * segment and sends UPGRADE with its name. The other maps it, answers UPGRADE_ACK as its last TCP frame and sends
 * over shm from then on; the offering side, on the ACK, starts reading the shm ring, sends UPGRADE_DONE as its last
 * TCP frame and switches too; the other starts reading shm on DONE. So each direction changes channel at one
 * point of its frame order, and the reader (type table) passes from the TCP receive thread to the shm one without
 * overlap. The TCP connection stays open as the liveness link: its end closes the shm connection and fails the
 * pending calls, as before.
 *
 * <p>Handshake: both sides send HELLO at once; with a cluster secret the HELLOs carry nonces and AUTH frames follow
 * ({@link AuthHandshake}). Until the handshake is done only HELLO and AUTH frames are read, as raw bytes: nothing
 * from the peer reaches the reader's type table, an object decoder or a dispatcher, and nothing but the HELLO and
 * the answer is sent to it. Any other frame, a wrong answer or no handshake within
 * {@link RmiConfig#handshakeTimeout()} drops the connection (one warning, {@link RmiCounters#authFailures()}).
 */
final class PeerConnection implements CallChannel {
    private static final System.Logger LOG = System.getLogger(PeerConnection.class.getName());

    private final RmiRuntime runtime;
    final Connection connection;
    private final SerialWriter writer;
    /** The message being sent when it holds arrays out of line; used under the send lock. */
    private final FrameParts parts = new FrameParts();

    /**
     * Primitive arrays of at least this many bytes are not copied into the writer's buffer: the transport copies them
     * once, straight into the ring or its send buffer ({@link SerialWriter#outOfLine}, {@link FrameParts}); 0 turns
     * this off. Measured in docs/PERFORMANCE.md ("Zero-copy bulk data").
     */
    static final int OUT_OF_LINE_BYTES = Integer.getInteger("mobula.outOfLineBytes", 8192);
    private final SerialReader reader;
    private final ReentrantLock sendLock = new ReentrantLock();
    private final PendingCalls pending = new PendingCalls();
    private final CallResult inlineResult = new CallResult();
    private final ByteOrder localOrder;
    private int callStart;

    // learnt from the peer's HELLO, published once the handshake is done (receive thread writes, others read);
    // peerOrder != null means the handshake is done
    private volatile ByteOrder peerOrder;
    volatile long peerVmId;
    volatile List<Endpoint> peerEndpoints = List.of();
    private volatile boolean closed;
    private volatile RemoteException closeCause;

    /** Where frames go: the TCP connection, then the shm one after the upgrade (changed under sendLock). */
    private volatile Connection out;
    /** The shm segment while upgrading or upgraded, else null. */
    private volatile SharedMemory.Segment shm;
    private volatile Connection shmConnection;

    // the handshake (receive thread; see AuthHandshake)
    private final AuthHandshake auth;
    private final CompletableFuture<Void> handshake = new CompletableFuture<>();
    private ByteOrder helloOrder;
    private long helloVmId;
    private List<Endpoint> helloEndpoints;

    /**
     * @param connecting whether this process opened the connection (else it accepted it): the two sides play
     *                   different roles in the handshake
     */
    PeerConnection(RmiRuntime runtime, Connection connection, Serialization serialization, boolean connecting) {
        this.runtime = runtime;
        this.connection = connection;
        this.writer = serialization.newPeerWriter();
        writer.outOfLine(OUT_OF_LINE_BYTES);
        this.reader = serialization.newReader();
        this.localOrder = writer.byteOrder();
        this.out = connection;
        this.auth = AuthHandshake.start(runtime.config.secret(), connecting);
        runtime.schedule(this::handshakeDeadline, runtime.config.handshakeTimeout().toNanos());
    }

    /** Whether the handshake is done: the peer is known (and authenticated, with a cluster secret). */
    boolean ready() {
        return peerOrder != null;
    }

    /** Whether calls travel over shared memory now. */
    boolean upgraded() {
        return out != connection;
    }

    boolean isOpen() {
        return !closed && connection.isOpen();
    }

    // ------------------------------------------------------------------ sending

    void sendHello() throws IOException {
        sendLock.lock();
        try {
            writer.beginMessage();
            int at = writer.reserve(1);
            writer.putByteAt(at, (byte) (localOrder == ByteOrder.BIG_ENDIAN ? 1 : 0));
            writer.writeInt(MAGIC);
            writer.writeInt(VERSION);
            writer.writeLong(runtime.vmId);
            List<Endpoint> eps = runtime.endpoints();
            writer.writeVarInt(eps.size());
            for (Endpoint e : eps) {
                writer.writeString(e.toString());
            }
            writer.writeByte(auth.mode());
            if (auth.mode() == AuthHandshake.MODE_HMAC_SHA256) {
                for (byte b : auth.nonce()) {
                    writer.writeByte(b);
                }
            }
            ByteBuffer hello = writer.buffer();
            byte[] sent = new byte[hello.remaining()];
            hello.get(hello.position(), sent);
            auth.helloSent(sent); // the answers cover the HELLOs as sent
            connection.send(hello); // always TCP: HELLO opens the connection
        } finally {
            sendLock.unlock();
        }
    }

    @Override
    public SerialWriter begin() throws RemoteException {
        if (closed) {
            throw notConnected();
        }
        if (INLINE.get() != null) {
            throw new RemoteException("a remote call from a method that runs on a connection's receive thread"
                    + " (marked @NonBlocking or proven non-blocking) could wait for a reply only that thread can"
                    + " deliver; remove @NonBlocking from the method that makes it");
        }
        sendLock.lock();
        try {
            writer.beginMessage();
            callStart = writer.reserve(HEADER_LENGTH);
        } catch (Throwable e) {
            writer.abortMessage();
            sendLock.unlock();
            throw new RemoteException("cannot start a call", e instanceof Exception ex ? ex : new Exception(e));
        }
        return writer;
    }

    @Override
    public void abort() {
        try {
            writer.abortMessage();
        } finally {
            sendLock.unlock();
        }
    }

    @Override
    public void send(PendingCall call, boolean oneWay) throws RemoteException {
        boolean registered = false;
        try {
            if (!oneWay) {
                if (!pending.add(call)) {
                    throw new RemoteException("more than 4096 calls outstanding to " + connection.remote());
                }
                registered = true;
            }
            finish(CALL, oneWay ? FLAG_ONE_WAY : 0, oneWay ? 0 : call.callId, call.ref.objectId, call.interfaceHash,
                    call.methodId);
            call.bytesSent = writer.size();
            sendMessage(out);
        } catch (Throwable e) {
            // nothing (or half a frame, on a connection that is closing) reached the peer: the message's type
            // descriptors are defined again by the next message
            writer.abortMessage();
            if (registered) {
                pending.remove(call.callId);
            }
            throw sendFailure(e, "call " + call.ref.describe(call.methodId));
        } finally {
            sendLock.unlock();
        }
        if (!oneWay && call.future != null) {
            expireLater(call);
        }
        if (closed && !oneWay && pending.remove(call.callId) != null) {
            // closed between add and send: drain() may have missed it
            call.fail(closeCause != null ? closeCause : notConnected());
        }
    }

    /**
     * Sends the message in the writer as one frame: its buffer, or, with arrays out of line, the buffer and the arrays
     * as {@link FrameParts} for the transport to copy once. The caller holds the send lock; the arrays are the
     * caller's and stay unchanged because the send completes before the stub call returns.
     */
    private void sendMessage(Connection to) throws IOException {
        int n = writer.outOfLineCount();
        if (n == 0) {
            to.send(writer.buffer());
            return;
        }
        FrameParts f = parts;
        try {
            f.reset(writer.inline());
            for (int i = 0; i < n; i++) {
                f.addArray(writer.outOfLineAt(i), writer.outOfLineArray(i), writer.outOfLineOffset(i),
                        writer.outOfLineLength(i), localOrder);
            }
            to.send(f);
        } finally {
            f.clear();
        }
    }

    /** What a failed send of a message turns into for its caller. */
    private RemoteException sendFailure(Throwable e, String what) {
        if (e instanceof RemoteException r) {
            return r;
        }
        if (e instanceof FrameTooLargeException big) {
            return new MarshalException(what + " is " + big.frameBytes() + " bytes, more than the maximum frame size "
                    + big.maxFrameSize() + " of the connection to " + connection.remote()
                    + " (TransportOptions.maxFrameSize)", big);
        }
        if (e instanceof IOException io) {
            return new ConnectException("cannot send " + what, io);
        }
        return new MarshalException("cannot send " + what + ": " + e, e instanceof Exception ex ? ex
                : new io.mobula.serial.SerialException(e.toString(), e));
    }

    /**
     * Ends the message begun with {@code callStart}: the type trailer, then the header (with
     * {@link RmiProtocol#FLAG_TYPE_DEFS} when a trailer was written). The caller holds the send lock.
     */
    private void finish(byte type, int flags, int callId, long objectId, long interfaceHash, int methodId)
            throws IOException {
        boolean defs = writer.endMessage();
        putHeader(type, flags | (defs ? FLAG_TYPE_DEFS : 0), callId, objectId, interfaceHash, methodId);
    }

    private void putHeader(byte type, int flags, int callId, long objectId, long interfaceHash, int methodId) {
        int at = callStart;
        writer.putByteAt(at + TYPE_OFFSET, type);
        writer.putByteAt(at + FLAGS_OFFSET, (byte) flags);
        writer.putIntAt(at + CALL_ID_OFFSET, callId);
        writer.putLongAt(at + OBJECT_ID_OFFSET, objectId);
        writer.putLongAt(at + INTERFACE_HASH_OFFSET, interfaceHash);
        writer.putIntAt(at + METHOD_ID_OFFSET, methodId);
        writer.putIntAt(at + SEQUENCE_OFFSET, runtime.clock.now());
    }

    @Override
    public void await(PendingCall call) throws RemoteException {
        long timeout = runtime.config.callTimeout().toNanos();
        long deadline = timeout > 0 ? System.nanoTime() + timeout : 0;
        SharedMemory.Segment seg = shm;
        if (seg != null && seg.receiving()) {
            if (seg.receiveUntil(call, runtime.transportOptions().shm().pollWindow().toNanos())) {
                return; // the reply came within the poll window, read from the ring by this thread
            }
        } else if (connection.receiveUntil(call, runtime.config.pollWindow().toNanos())) {
            return; // read from the socket by this thread: no wake-up of a parked caller
        }
        int spins = runtime.config.callSpins();
        while (!call.isDone()) {
            if (spins > 0) {
                spins--;
                Thread.onSpinWait();
                continue;
            }
            if (deadline == 0) {
                LockSupport.park(this);
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    if (pending.remove(call.callId) == call) {
                        // the slot is free at once; a late reply is recognised as unknown and dropped (its type
                        // trailer is still bound, so the type tables stay in step)
                        throw timedOut(call);
                    }
                    // the reply is being decoded right now: it settles the call in a moment
                    LockSupport.parkNanos(this, 100_000);
                    continue;
                }
                LockSupport.parkNanos(this, Math.max(left, 1));
            }
        }
    }

    private CallTimeoutException timedOut(PendingCall call) {
        return new CallTimeoutException("no reply within " + runtime.config.callTimeout() + " for "
                + call.ref.describe(call.methodId));
    }

    /** An asynchronous call honours the call timeout too: its future fails and its slot is freed. */
    private void expireLater(PendingCall call) {
        long timeout = runtime.config.callTimeout().toNanos();
        if (timeout > 0) {
            runtime.schedule(() -> {
                if (pending.remove(call.callId) == call) {
                    call.fail(timedOut(call));
                }
            }, timeout);
        }
    }

    /**
     * Sends a reply for call {@code callId}; runs on the receive thread or on a virtual thread. Whatever goes wrong
     * while writing the result (a value the serializer refuses, a hook that throws, a frame over the limit, an
     * OutOfMemoryError), the message is discarded and the caller still gets an answer.
     */
    private void sendReply(int callId, CallResult result) {
        sendLock.lock();
        try {
            writer.beginMessage();
            callStart = writer.reserve(HEADER_LENGTH);
            result.kind.write(writer, result.prim, result.obj);
            finish(REPLY, 0, callId, 0, 0, 0);
            sendMessage(out);
        } catch (Throwable e) {
            writer.abortMessage();
            if (connection.isOpen()) {
                sendError(callId, ERROR_MARSHAL_RESULT, "error marshalling the result on the server: "
                        + sendFailure(e, "the result").getMessage());
            }
        } finally {
            sendLock.unlock();
        }
    }

    /** Sends what the remote method threw; an exception that cannot travel is described instead. */
    private void sendThrown(int callId, Throwable thrown) {
        sendLock.lock();
        try {
            writer.beginMessage();
            callStart = writer.reserve(HEADER_LENGTH);
            writer.writeObject(thrown);
            finish(REPLY_THROWN, 0, callId, 0, 0, 0);
            sendMessage(out);
        } catch (Throwable e) {
            writer.abortMessage();
            if (connection.isOpen()) {
                sendError(callId, ERROR_MARSHAL_RESULT, "the remote method threw " + thrown
                        + ", which cannot be sent: " + sendFailure(e, "the exception").getMessage());
            }
        } finally {
            sendLock.unlock();
        }
    }

    /** Sends a runtime error for a call; never throws (a connection that cannot carry it is closing anyway). */
    private void sendError(int callId, int code, String message) {
        sendLock.lock();
        try {
            writer.beginMessage();
            callStart = writer.reserve(HEADER_LENGTH);
            writer.writeString(message.length() > 4096 ? message.substring(0, 4096) + "..." : message);
            finish(REPLY_ERROR, 0, callId, 0, 0, code);
            sendMessage(out);
        } catch (Throwable e) {
            writer.abortMessage();
            LOG.log(Level.DEBUG, "cannot send an error reply to {0}: {1}", connection.remote(), e);
        } finally {
            sendLock.unlock();
        }
    }

    void sendDgc(byte type, long objectId) throws IOException {
        sendLock.lock();
        try {
            sendBare(type, objectId);
        } finally {
            sendLock.unlock();
        }
    }

    /** A frame of header only (DGC, PING, PONG); the caller holds the send lock. */
    private void sendBare(byte type, long objectId) throws IOException {
        try {
            writer.beginMessage();
            callStart = writer.reserve(HEADER_LENGTH);
            finish(type, 0, 0, objectId, 0, 0);
            sendMessage(out);
        } catch (Throwable e) {
            writer.abortMessage();
            throw e instanceof IOException io ? io : new IOException("cannot send frame type " + type, e);
        }
    }

    // ------------------------------------------------------------------ liveness

    /** Frames received so far (any kind); the heartbeat compares it between ticks. */
    private volatile int framesHeard;
    private int framesAtLastTick;
    private long silentSince = System.nanoTime();
    private volatile String closeReason;

    /**
     * One heartbeat tick (the runtime's timer): a peer silent for a tick is pinged, one silent for
     * {@link RmiConfig#peerTimeout()} is taken for dead and the connection closed, which fails its pending calls.
     * A peer that vanished without closing its sockets (a host gone, a cut link, a stopped process) is noticed this
     * way; java.rmi would wait forever. A peer that connected but did not complete the handshake is dropped by the
     * handshake deadline instead ({@link RmiConfig#handshakeTimeout()}).
     */
    void heartbeat(long now, long peerTimeoutNanos) {
        if (closed || peerOrder == null) {
            return; // before the handshake is done the handshake deadline applies
        }
        int heard = framesHeard;
        if (heard != framesAtLastTick) {
            framesAtLastTick = heard;
            silentSince = now;
            return;
        }
        long silent = now - silentSince;
        if (peerTimeoutNanos > 0 && silent >= peerTimeoutNanos) {
            closeReason = "peer sent nothing for " + silent / 1_000_000 + " ms, not even a heartbeat (peer timeout "
                    + peerTimeoutNanos / 1_000_000 + " ms)";
            LOG.log(Level.WARNING, "closing connection to {0}: {1}", connection.remote(), closeReason);
            connection.close();
            return;
        }
        if (sendLock.tryLock()) { // a sender holding the lock is talking to the peer already
            try {
                sendBare(PING, 0);
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "cannot ping {0}: {1}", connection.remote(), e);
            } finally {
                sendLock.unlock();
            }
        }
    }

    private void onPing() {
        if (sendLock.tryLock()) { // if someone is sending, that frame shows the peer we are alive
            try {
                sendBare(PONG, 0);
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "cannot answer a ping from {0}: {1}", connection.remote(), e);
            } finally {
                sendLock.unlock();
            }
        }
    }

    // ------------------------------------------------------------------ receiving

    private volatile RemoteClient client;

    /** The client as calls served on this connection see it ({@link RemoteClient#current()}). */
    RemoteClient client() {
        RemoteClient c = client;
        boolean shm = upgraded();
        if (c == null || c.sameHost() != shm) {
            Endpoint r = connection.remote();
            client = c = new RemoteClient(r.host() != null ? r.host() : "127.0.0.1", peerVmId, shm ? "shm" : "tcp");
        }
        return c;
    }

    /**
     * Handles one frame that {@code from} (the TCP connection, or the shm one after the upgrade) delivers; runs on its
     * receive thread or on a caller polling it.
     */
    void onFrame(Connection from, ByteBuffer frame) {
        framesHeard++; // one thread receives at a time (the transport's receive role)
        ByteOrder order = peerOrder;
        if (order == null) {
            onHandshakeFrame(frame); // nothing else until the handshake is done
            return;
        }
        frame.order(order);
        if (frame.remaining() < HEADER_LENGTH) {
            protocolError("frame of " + frame.remaining() + " bytes is shorter than the header");
            return;
        }
        int base = frame.position();
        byte type = frame.get(base + TYPE_OFFSET);
        int flags = frame.get(base + FLAGS_OFFSET);
        int callId = frame.getInt(base + CALL_ID_OFFSET);
        long objectId = frame.getLong(base + OBJECT_ID_OFFSET);
        long interfaceHash = frame.getLong(base + INTERFACE_HASH_OFFSET);
        int methodId = frame.getInt(base + METHOD_ID_OFFSET);
        int causal = frame.getInt(base + SEQUENCE_OFFSET);
        frame.position(base + HEADER_LENGTH);
        try {
            // the type trailer first, whatever becomes of the message: the type tables stay in step
            reader.beginMessage(frame, (flags & FLAG_TYPE_DEFS) != 0);
        } catch (IOException e) {
            protocolError("malformed frame: " + e.getMessage());
            return;
        }
        switch (type) {
            case CALL -> onCall(from, flags, callId, objectId, interfaceHash, methodId, causal);
            case REPLY, REPLY_THROWN, REPLY_ERROR -> onReply(type, callId, methodId, causal);
            case DGC_DIRTY -> runtime.exports.dirty(objectId, peerVmId);
            case DGC_CLEAN -> runtime.exports.clean(objectId, peerVmId);
            case UPGRADE -> onUpgrade();
            case UPGRADE_ACK -> onUpgradeAck(methodId);
            case UPGRADE_DONE -> onUpgradeDone();
            case PING -> onPing();
            case PONG -> { } // counted above
            default -> protocolError("unknown frame type " + type);
        }
    }

    /** The peer's HELLO first, then AUTH frames until the handshake is done; anything else drops the peer. */
    private void onHandshakeFrame(ByteBuffer frame) {
        if (helloOrder == null) {
            onHello(frame);
        } else {
            onAuth(frame);
        }
    }

    private void onHello(ByteBuffer frame) {
        byte[] raw = new byte[frame.remaining()];
        frame.get(frame.position(), raw);
        int mode;
        byte[] nonce = null;
        try {
            if (frame.remaining() < 1) {
                throw new IOException("empty HELLO");
            }
            ByteOrder order = frame.get() == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            frame.order(order);
            reader.beginMessage(frame);
            if (reader.readInt() != MAGIC) {
                throw new IOException("not a Mobula RMI peer (bad magic)");
            }
            int version = reader.readInt();
            if (version != VERSION) {
                throw new IOException("peer speaks protocol version " + version + ", this process " + VERSION);
            }
            long vm = reader.readLong();
            int n = reader.readVarInt();
            if (n < 0 || n > 16) {
                throw new IOException("bad endpoint count " + n);
            }
            List<Endpoint> eps = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String s = reader.readString();
                if (s == null) {
                    throw new IOException("null endpoint in HELLO");
                }
                try {
                    eps.add(Endpoint.parse(s));
                } catch (IllegalArgumentException e) {
                    throw new IOException("bad endpoint in HELLO: " + e.getMessage());
                }
            }
            mode = reader.readByte();
            if (mode == AuthHandshake.MODE_HMAC_SHA256) {
                nonce = new byte[AuthHandshake.NONCE_LENGTH];
                for (int i = 0; i < nonce.length; i++) {
                    nonce[i] = reader.readByte();
                }
            }
            helloVmId = vm;
            helloEndpoints = List.copyOf(eps);
            helloOrder = order;
        } catch (IOException e) {
            authFailed("bad HELLO: " + e.getMessage());
            return;
        }
        try {
            byte[] answer = auth.onPeerHello(mode, nonce, raw, helloVmId == runtime.vmId);
            if (answer != null && !sendAuth(answer)) {
                return;
            }
        } catch (AuthHandshake.Refused r) {
            authFailed(r.getMessage());
            return;
        }
        if (auth.done()) {
            handshakeDone();
        }
    }

    /** An AUTH frame: the peer's answer, checked before anything else of it is read. */
    private void onAuth(ByteBuffer frame) {
        try {
            byte[] answer = auth.onPeerAnswer(AuthHandshake.answerIn(frame));
            if (answer != null && !sendAuth(answer)) {
                return;
            }
        } catch (AuthHandshake.Refused r) {
            authFailed(r.getMessage());
            return;
        }
        handshakeDone();
    }

    /** Sends an AUTH frame; false (and the connection closes) if that fails. */
    private boolean sendAuth(byte[] mac) {
        sendLock.lock();
        try {
            connection.send(AuthHandshake.authFrame(mac));
            return true;
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot send the handshake answer to {0}: {1}", connection.remote(), e);
            connection.close();
            return false;
        } finally {
            sendLock.unlock();
        }
    }

    /** The peer is authenticated (or neither side authenticates): it becomes a known peer, calls may flow. */
    private void handshakeDone() {
        peerVmId = helloVmId;
        peerEndpoints = helloEndpoints;
        peerOrder = helloOrder; // from now on frames go to the reader and dispatcher
        runtime.helloReceived(this);
        maybeOfferUpgrade();
        handshake.complete(null);
    }

    /** Drops a peer that failed the handshake: one warning here, nothing to the peer but the end of the connection. */
    private void authFailed(String why) {
        if (closed || !connection.isOpen()) {
            return;
        }
        runtime.stats.authFailures.increment();
        closeReason = "handshake failed: " + why;
        LOG.log(Level.WARNING, "dropping the connection {0} {1}: handshake failed: {2}",
                auth.connecting() ? "to" : "from", connection.remote(), why);
        connection.close();
    }

    /** The runtime's timer, {@link RmiConfig#handshakeTimeout()} after the connection opened. */
    private void handshakeDeadline() {
        if (peerOrder == null) {
            authFailed("no handshake within " + runtime.config.handshakeTimeout().toMillis() + " ms");
        }
    }

    /**
     * Waits until the handshake is done; the side that opened the connection calls this before its first call, so
     * nothing is sent before the peer is authenticated and a refusal fails the call before it was sent.
     *
     * @throws ConnectIOException if the handshake fails or does not finish in time (the connection is then closed)
     */
    void awaitHandshake() throws RemoteException {
        if (peerOrder != null) {
            return;
        }
        long timeout = runtime.config.handshakeTimeout().toNanos() + TimeUnit.SECONDS.toNanos(1);
        try {
            handshake.get(timeout, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new ConnectIOException("cannot connect to " + connection.remote() + ": "
                    + e.getCause().getMessage());
        } catch (TimeoutException e) {
            connection.close();
            throw new ConnectIOException("cannot connect to " + connection.remote() + ": no handshake within "
                    + runtime.config.handshakeTimeout().toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            connection.close();
            throw new ConnectIOException("interrupted while connecting to " + connection.remote());
        }
    }

    private void onCall(Connection from, int flags, int callId, long objectId, long interfaceHash, int methodId,
                        int causal) {
        boolean oneWay = (flags & FLAG_ONE_WAY) != 0;
        CallTarget t = callTarget;
        if (!t.resolve(runtime, objectId, interfaceHash, methodId)) {
            if (!oneWay) {
                sendError(callId, t.error, t.message);
            }
            return;
        }
        Dispatcher d = t.dispatcher;
        ExportTable.Exported target = t.exported;
        Invocation inv;
        try {
            inv = d.decode(t.impl, methodId, reader);
        } catch (Throwable e) {
            // one bad argument fails its call only: the type trailer was bound before the body
            if (oneWay) {
                LOG.log(Level.WARNING, "one-way call to {0}#{1} dropped: undecodable arguments: {2}",
                        d.remoteInterface().getName(), methodId, e);
            } else {
                sendError(callId, ERROR_UNMARSHAL_ARGUMENTS, "error unmarshalling arguments of "
                        + d.remoteInterface().getName() + "#" + methodId + ": " + e.getMessage());
            }
            return;
        }
        runtime.stats.callsServed.increment();
        CausalClock clock = runtime.clock;
        boolean behind = causal > clock.now(); // the caller saw replicated writes this process has not applied
        boolean auto = runtime.config.dispatch() == RmiConfig.Dispatch.AUTO;
        boolean inline = !behind && auto && (target.flags(d, methodId) & Dispatcher.NON_BLOCKING) != 0;
        String iface = d.remoteInterface().getName();
        if (behind) {
            runtime.dispatchExecutor.execute(() -> {
                try {
                    clock.awaitAtLeast(causal);
                } catch (InterruptedException | RuntimeException e) {
                    if (!oneWay) {
                        sendThrown(callId, RemoteFailures.asThrownByServer(new java.rmi.RemoteException(
                                "the call waited for replicated write " + causal + " in vain: " + e, e)));
                    }
                    return;
                }
                run(inv, new CallResult(), callId, oneWay, iface, methodId);
            });
        } else if (inline) {
            INLINE.set(this);
            try {
                run(inv, inlineResult, callId, oneWay, iface, methodId);
            } finally {
                INLINE.remove();
            }
        } else {
            Runnable call = () -> run(inv, new CallResult(), callId, oneWay, iface, methodId);
            // the receive thread runs the call itself after handing on its receive role, when the transport lets it:
            // no wake-up of another thread, and it is back receiving as soon as the call returns (a callback inside
            // the call is received by this thread while it waits for the callback's reply)
            if (!auto || !from.runAfterFrame(call)) {
                runtime.dispatchExecutor.execute(call);
            }
        }
    }

    /** Where the call being received goes; used by the receive role only. */
    private final CallTarget callTarget = new CallTarget();

    /** Set while a method runs on a receive thread: a remote call from there fails instead of deadlocking. */
    private static final ThreadLocal<PeerConnection> INLINE = new ThreadLocal<>();

    private void run(Invocation inv, CallResult result, int callId, boolean oneWay, String iface, int methodId) {
        result.clear();
        long start = CallEvent.enabled() ? System.nanoTime() : 0;
        Throwable t = CallTarget.invoke(inv, result, client());
        if (start != 0) {
            CallEvent.emit("server", iface, methodId, 0, start, t != null ? "thrown" : oneWay ? "one-way" : "ok");
        }
        if (t != null) {
            if (oneWay) {
                LOG.log(Level.WARNING, "one-way call threw", t);
            } else {
                sendThrown(callId, RemoteFailures.asThrownByServer(t));
            }
            return;
        }
        if (oneWay) {
            return;
        }
        if (result.future != null) {
            result.future.whenComplete((v, ex) -> {
                if (ex != null) {
                    sendThrown(callId, RemoteFailures.asThrownByServer(
                            ex instanceof java.util.concurrent.CompletionException && ex.getCause() != null
                                    ? ex.getCause() : ex));
                } else {
                    CallResult r = new CallResult();
                    r.setObject(v);
                    sendReply(callId, r);
                }
            });
            return;
        }
        sendReply(callId, result);
    }

    private void onReply(byte type, int callId, int errorCode, int causal) {
        PendingCall call = pending.remove(callId);
        if (call == null) {
            // a reply after its call timed out (its trailer is bound already), or a forged one: dropped
            LOG.log(Level.DEBUG, "dropping the reply to call {0} from {1}: the call is no longer waiting", callId,
                    connection.remote());
            return;
        }
        try {
            switch (type) {
                case REPLY -> call.kind.read(reader, call);
                case REPLY_THROWN -> {
                    Object t = reader.readObject(Throwable.class);
                    call.threw(t != null ? (Throwable) t : new UnmarshalException("null exception"));
                }
                default -> call.failed(RemoteFailures.forError(errorCode, reader.readString()));
            }
            runtime.stats.callsMade.increment();
        } catch (Throwable e) {
            // one bad value fails its own call only: the connection and the other calls go on
            call.failed(new UnmarshalException("error unmarshalling return of " + call.ref.describe(call.methodId)
                    + ": " + e.getMessage(), e instanceof Exception ex ? ex
                    : new io.mobula.serial.SerialException(e.toString(), e)));
        } finally {
            CausalClock clock = runtime.clock;
            if (causal > clock.now()) {
                // the server saw replicated writes this process has not applied: the caller waits for them
                runtime.dispatchExecutor.execute(() -> {
                    try {
                        clock.awaitAtLeast(causal);
                    } catch (InterruptedException | RuntimeException e) {
                        call.failed(new java.rmi.RemoteException("the reply waited for replicated write "
                                + causal + " in vain: " + e, e));
                    }
                    call.complete();
                });
            } else {
                call.complete();
            }
        }
    }

    // ------------------------------------------------------------------ upgrade to shared memory

    /** Whether the peer offers shm on this host (its HELLO lists {@code shm://<our host id>}). */
    private boolean peerSharesMemory() {
        return runtime.shmOffered && peerEndpoints.contains(runtime.shmEndpoint);
    }

    /** After the peer's HELLO: the side with the smaller VM id offers the upgrade. */
    private void maybeOfferUpgrade() {
        if (!peerSharesMemory() || Long.compareUnsigned(runtime.vmId, peerVmId) >= 0) {
            return;
        }
        SharedMemory.Segment seg;
        try {
            seg = SharedMemory.create(runtime.transportOptions().shm().ringBytes());
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "no shared memory for {0}: {1}", connection.remote(), e);
            return;
        }
        shm = seg;
        shmConnection = seg.connection(shmName(seg), new ShmHandler(), runtime.transportOptions());
        if (!sendControl(UPGRADE, 0, seg.name())) {
            seg.close();
        }
    }

    /** The peer offers a segment: map it, acknowledge as the last TCP frame, send over shm from then on. */
    private void onUpgrade() {
        String name;
        try {
            name = reader.readString();
        } catch (IOException e) {
            protocolError("bad UPGRADE: " + e.getMessage());
            return;
        }
        String refusal = null;
        SharedMemory.Segment seg = null;
        if (!peerSharesMemory() || shm != null || name == null) {
            refusal = "shared memory not offered here";
        } else {
            try {
                seg = SharedMemory.open(name);
            } catch (IOException | RuntimeException e) {
                refusal = "cannot map " + name + ": " + e.getMessage();
            }
        }
        if (seg == null) {
            sendControl(UPGRADE_ACK, 1, refusal);
            return;
        }
        shm = seg;
        Connection c = seg.connection(shmName(seg), new ShmHandler(), runtime.transportOptions());
        shmConnection = c;
        sendLock.lock();
        try {
            if (sendControl(UPGRADE_ACK, 0, null)) {
                out = c;
            }
        } finally {
            sendLock.unlock();
        }
    }

    /** Our offer was answered: start reading shm (the peer writes there only after the ACK), then switch. */
    private void onUpgradeAck(int status) {
        SharedMemory.Segment seg = shm;
        if (seg == null || upgraded()) {
            protocolError("unexpected UPGRADE_ACK");
            return;
        }
        if (status != 0) {
            String why = "?";
            try {
                why = reader.readString();
            } catch (IOException ignored) {
                // the reason is informative only
            }
            LOG.log(Level.DEBUG, "{0} stays on TCP: {1}", connection.remote(), why);
            shm = null;
            shmConnection = null;
            seg.close();
            return;
        }
        seg.startReceiving();
        sendLock.lock();
        try {
            if (sendControl(UPGRADE_DONE, 0, null)) {
                out = shmConnection;
            }
        } finally {
            sendLock.unlock();
        }
        LOG.log(Level.DEBUG, "{0} upgraded to shared memory", connection.remote());
    }

    /** The peer's last TCP frame: everything from it comes over shm now. */
    private void onUpgradeDone() {
        SharedMemory.Segment seg = shm;
        if (seg == null || !upgraded()) {
            protocolError("unexpected UPGRADE_DONE");
            return;
        }
        seg.startReceiving();
    }

    private Endpoint shmName(SharedMemory.Segment seg) {
        return Endpoint.shm(seg.name());
    }

    /** Sends a control frame over TCP; false (and the connection closes) if that fails. */
    private boolean sendControl(byte type, int status, String text) {
        sendLock.lock();
        try {
            writer.beginMessage();
            callStart = writer.reserve(HEADER_LENGTH);
            writer.writeString(text);
            finish(type, 0, 0, 0, 0, status);
            sendMessage(connection);
            return true;
        } catch (Throwable e) {
            writer.abortMessage();
            LOG.log(Level.DEBUG, "cannot send control frame to {0}: {1}", connection.remote(), e);
            return false;
        } finally {
            sendLock.unlock();
        }
    }

    /** Frames of the shm connection go where TCP frames go; its loss ends the whole peer connection. */
    private final class ShmHandler implements FrameHandler {
        @Override
        public void onOpen(Connection c) {
        }

        @Override
        public void onFrame(Connection c, ByteBuffer frame) {
            PeerConnection.this.onFrame(c, frame);
        }

        @Override
        public void onClose(Connection c, IOException cause) {
            if (connection.isOpen()) {
                LOG.log(cause == null ? Level.DEBUG : Level.WARNING, "shared memory to {0} closed{1}",
                        connection.remote(), cause == null ? "" : ": " + cause.getMessage());
                connection.close(); // onClose of the TCP connection then fails the pending calls
            }
        }
    }

    // ------------------------------------------------------------------ closing

    private void protocolError(String why) {
        LOG.log(Level.WARNING, "closing connection to {0}: {1}", connection.remote(), why);
        connection.close();
    }

    /** The transport reported the connection closed: every pending call fails now. */
    void onClose(IOException cause) {
        String reason = closeReason;
        RemoteException e = new UnmarshalException("connection to " + connection.remote() + " lost"
                + (reason != null ? ": " + reason : cause != null ? ": " + cause.getMessage() : ""), cause);
        closeCause = e;
        closed = true;
        if (!handshake.isDone()) {
            handshake.completeExceptionally(new IOException(reason != null ? reason
                    : cause != null ? "connection lost during the handshake: " + cause.getMessage()
                    : "the peer closed the connection during the handshake (it refused this process: another cluster"
                    + " secret, none, or another protocol version)"));
        }
        SharedMemory.Segment seg = shm;
        if (seg != null) {
            seg.close(); // the TCP link is the liveness link of the shm connection
        }
        for (PendingCall c : pending.drain()) {
            c.fail(e);
        }
    }

    private RemoteException notConnected() {
        return new ConnectException("connection to " + connection.remote() + " is closed");
    }
}
