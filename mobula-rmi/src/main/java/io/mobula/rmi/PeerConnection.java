package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.*;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serialization;
import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.FrameHandler;
import io.mobula.transport.ListenerKnock;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.List;

/**
 * The one connection between this process and a peer process, shared by every object and thread (thesis 3.3.3,
 * KaRMI 4.2). It wires together the parts that do the work, one job each: the {@link PeerHandshake} (HELLO and
 * cluster authentication), the {@link PeerUpgrade} to shared memory, the {@link PeerClient} (calls this process makes)
 * and the {@link PeerServer} (calls it serves), all sending through one {@link PeerSender} (one writer, so one
 * outbound type table) and receiving through one reader (one inbound type table). Itself it routes each received
 * frame by its {@link RmiHeader header}, keeps the peer alive with heartbeats, and fails everything pending when the
 * connection ends.
 *
 * <p>Receive path (the transport's receive role): read the header, bind the message's type trailer, then hand the
 * frame to the client half (a reply), the server half (a call), the DGC, the upgrade or the heartbeat.
 */
final class PeerConnection implements CallChannel {
    private static final System.Logger LOG = System.getLogger(PeerConnection.class.getName());

    private final RmiRuntime runtime;
    final Connection connection;
    private final PeerSender sender;
    private final SerialReader reader;
    private final RmiHeader header = new RmiHeader();
    private final PeerHandshake handshake;
    private final PeerUpgrade upgrade;
    private final PeerClient calls;
    private final PeerServer server;

    // learnt from the peer's HELLO, published once the handshake is done (receive thread writes, others read);
    // peerOrder != null means the handshake is done
    private volatile ByteOrder peerOrder;
    volatile long peerVmId;
    volatile List<Endpoint> peerEndpoints = List.of();
    private volatile boolean closed;
    private volatile String closeReason;

    /**
     * @param connecting whether this process opened the connection (else it accepted it): the two sides play
     *                   different roles in the handshake
     */
    PeerConnection(RmiRuntime runtime, Connection connection, Serialization serialization, boolean connecting) {
        this.runtime = runtime;
        this.connection = connection;
        this.sender = new PeerSender(serialization, runtime, connection, runtime.config.outOfLineBytes());
        this.reader = serialization.newReader();
        this.upgrade = new PeerUpgrade(connection, sender, new ShmFrames(), runtime.transportOptions(),
                runtime.config.pollWindow().toNanos(), runtime::peerMoved);
        this.calls = new PeerClient(runtime, sender, upgrade, connection);
        this.server = new PeerServer(runtime, sender, connection, this::client);
        this.handshake = new PeerHandshake(runtime, connection, sender, reader, connecting, new HandshakeOutcome());
    }

    /** Whether the handshake is done: the peer is known (and authenticated, with a cluster secret). */
    boolean ready() {
        return peerOrder != null;
    }

    /** Whether calls travel over shared memory now. */
    boolean upgraded() {
        return upgrade.upgraded();
    }

    /** The connection frames from the peer arrive on now, for callers that drive its progress ({@link PeerProgress}). */
    Connection inbound() {
        return upgrade.inbound();
    }

    boolean isOpen() {
        return !closed && connection.isOpen();
    }

    // ------------------------------------------------------------------ opening

    void sendHello() throws IOException {
        handshake.sendHello();
    }

    /**
     * Waits until the handshake is done; the side that opened the connection calls this before its first call.
     *
     * @see PeerHandshake#await()
     */
    void awaitHandshake() throws RemoteException {
        handshake.await();
    }

    /** Whether the handshake failed for want of time (not for a refusal). */
    boolean handshakeTimedOut() {
        return handshake.timedOut();
    }

    private final class HandshakeOutcome implements PeerHandshake.Outcome {
        @Override
        public void accepted(PeerHandshake.Peer peer) {
            peerVmId = peer.vmId();
            peerEndpoints = peer.endpoints();
            peerOrder = peer.order(); // from now on frames go to the reader and dispatcher
            runtime.helloReceived(PeerConnection.this);
            // the side with the smaller VM id offers the upgrade
            if (peerSharesMemory() && Long.compareUnsigned(runtime.vmId, peerVmId) < 0) {
                upgrade.offer();
            }
        }

        /** Drops a peer that failed the handshake: one warning here, nothing to the peer but the connection's end. */
        @Override
        public void refused(String why) {
            if (closed || !connection.isOpen()) {
                return;
            }
            runtime.stats.authFailures.increment();
            closeReason = "handshake failed: " + why;
            HANDSHAKE_FAILURES.log("dropping the connection " + (handshake.connecting() ? "to " : "from ")
                    + connection.remote() + ": handshake failed: " + why + " (" + runtime.stats.authFailures.sum()
                    + " failed handshakes so far)");
            connection.close();
        }
    }

    /** Whether the peer offers shm on this host (its HELLO lists {@code shm://<our host id>}). */
    private boolean peerSharesMemory() {
        return runtime.shmOffered && peerEndpoints.contains(runtime.shmEndpoint);
    }

    // ------------------------------------------------------------------ calls (CallChannel)

    @Override
    public SerialWriter begin() throws RemoteException {
        return calls.begin();
    }

    @Override
    public void abort() {
        calls.abort();
    }

    @Override
    public void send(PendingCall call, boolean oneWay) throws RemoteException {
        calls.send(call, oneWay);
    }

    @Override
    public void await(PendingCall call) throws RemoteException {
        calls.await(call);
    }

    void sendDgc(byte type, long objectId) throws IOException {
        sender.lock();
        try {
            sender.sendBare(type, objectId);
        } finally {
            sender.unlock();
        }
    }

    // ------------------------------------------------------------------ liveness

    /** Frames received so far (any kind); the heartbeat compares it between ticks. */
    private volatile int framesHeard;
    private int framesAtLastTick;
    /** Since when the peer is silent, in this process's running time (pauses of this process left out). */
    private long silentSince = System.nanoTime();
    /** Since when the peer is silent, in wall-clock time. */
    private long wallSilentSince = silentSince;

    /** Whether a peer silent for the peer timeout is slow or gone (the knock on its listener). */
    private final SilentPeerCheck silence = new SilentPeerCheck(ListenerKnock::knock);

    /**
     * One heartbeat tick (the runtime's timer): a peer silent for a tick is pinged; one silent for
     * {@link RmiConfig#peerTimeout()} is knocked on at its listener ({@link SilentPeerCheck}): a gone process, or one
     * that cannot be reached, has its connection closed, which fails its pending calls; a present one (slow, not
     * dead) is given half a peer timeout more. Silence is counted in this process's running time: how late the tick
     * came ({@code pausedNanos}, the process did not run) is left out, up to {@link SilentPeerCheck#WALL_FACTOR} peer
     * timeouts of wall-clock time. A peer that vanished without closing its sockets (a host gone, a cut
     * link, a stopped process) is noticed this way; java.rmi would wait forever. A peer that connected but did not
     * complete the handshake is dropped by the handshake deadline instead ({@link RmiConfig#handshakeTimeout()}).
     */
    void heartbeat(long now, long peerTimeoutNanos, long pausedNanos) {
        if (closed || peerOrder == null) {
            return; // before the handshake is done the handshake deadline applies
        }
        int heard = framesHeard;
        if (heard != framesAtLastTick) {
            framesAtLastTick = heard;
            if (silence.answer() == ListenerKnock.Answer.PRESENT) {
                LOG.log(Level.DEBUG, "{0} was silent for {1} ms, beyond the peer timeout, but present: kept",
                        connection.remote(), (now - silentSince) / 1_000_000);
            }
            silence.heard();
            silentSince = now;
            wallSilentSince = now;
            return;
        }
        // the time this process itself did not run (its tick came late) is not the peer's silence: its frames may
        // wait unread in this process's socket
        silentSince = Math.min(now, silentSince + pausedNanos);
        SilentPeerCheck.Verdict v = silence.verdict(now - silentSince, now - wallSilentSince, peerTimeoutNanos,
                // a platform thread: knocks are rare (a peer silent for a peer timeout), and whether a connection
                // is closed must not wait for carriers that virtual threads blocked in the application may hold
                peerEndpoints, task -> Thread.ofPlatform().daemon().name("mobula-knock").start(task));
        if (v.close()) {
            closeReason = v.reason();
            LOG.log(Level.WARNING, "closing connection to {0}: {1}", connection.remote(), closeReason);
            connection.close();
            return;
        }
        if (pinging.compareAndSet(false, true)) {
            // off the timer's thread: a ping waits for room in the socket buffer, which a peer that stopped reading
            // (a cut link) never makes; on the timer it held up every connection's tick, this one's close included
            PINGS.execute(this::ping);
        }
    }

    /** Whether a ping of this connection is on its way ({@link #ping}). */
    private final java.util.concurrent.atomic.AtomicBoolean pinging = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Threads that send pings: one per ping under way (normally none or one, for the moment a ping takes; one stays
     * with each connection whose peer stopped reading until its tick closes it). Daemon platform threads.
     */
    private static final java.util.concurrent.ExecutorService PINGS = java.util.concurrent.Executors
            .newCachedThreadPool(r -> {
                Thread t = new Thread(r, "mobula-rmi-ping");
                t.setDaemon(true);
                return t;
            });

    private void ping() {
        try {
            if (!closed && sender.tryLock()) { // a sender holding the lock is talking to the peer already
                try {
                    sender.sendBare(PING, 0);
                } catch (IOException e) {
                    LOG.log(Level.DEBUG, "cannot ping {0}: {1}", connection.remote(), e);
                } finally {
                    sender.unlock();
                }
            }
        } finally {
            pinging.set(false);
        }
    }

    private void onPing() {
        if (sender.tryLock()) { // if someone is sending, that frame shows the peer we are alive
            try {
                sender.sendBare(PONG, 0);
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "cannot answer a ping from {0}: {1}", connection.remote(), e);
            } finally {
                sender.unlock();
            }
        }
    }

    // ------------------------------------------------------------------ receiving

    /** One WARNING line per period for failed handshakes, however many peers fail (a flood of stalled ones). */
    private static final io.mobula.transport.RateLimitedLog HANDSHAKE_FAILURES = new io.mobula.transport.RateLimitedLog(
            LOG, Level.WARNING, io.mobula.transport.RateLimitedLog.DEFAULT_PERIOD);
    /** One WARNING line per period for frames refused for lack of memory. */
    private static final io.mobula.transport.RateLimitedLog RESOURCE_REFUSALS = new io.mobula.transport.RateLimitedLog(
            LOG, Level.WARNING, io.mobula.transport.RateLimitedLog.DEFAULT_PERIOD);
    private static final java.util.concurrent.atomic.AtomicLong IDS = new java.util.concurrent.atomic.AtomicLong();
    /** This connection's number for {@link RemoteClient#connection()}: unique in this process, never 0. */
    private final long id = IDS.incrementAndGet();
    private volatile RemoteClient client;

    /** The client as calls served on this connection see it ({@link RemoteClient#current()}). */
    RemoteClient client() {
        RemoteClient c = client;
        boolean shm = upgraded();
        if (c == null || c.sameHost() != shm) {
            Endpoint r = connection.remote();
            // with a cluster secret the handshake succeeds only if the peer proved it, over the HELLO naming its VM id
            client = c = new RemoteClient(r.host() != null ? r.host() : "127.0.0.1", peerVmId, shm ? "shm" : "tcp",
                    runtime.config.secret() != null, id);
        }
        return c;
    }

    /**
     * The transport has no room for a frame of {@code frameBytes} bytes: logged (rate-limited). A call that expects a
     * reply, from a peer past its handshake, is answered with an error that says so and only that call fails: the
     * transport drops the rest of its frame and the connection goes on (returns true). Any other frame closes the
     * connection: a one-way call or a reply would otherwise be lost unnoticed, and nothing is answered before the
     * handshake.
     */
    boolean onFrameRefused(ByteBuffer start, int frameBytes, String reason) {
        ByteOrder order = peerOrder;
        RmiHeader h = new RmiHeader();
        boolean answer = order != null && h.wrap(start.order(order)) && h.type() == CALL
                && (h.flags() & FLAG_ONE_WAY) == 0;
        RESOURCE_REFUSALS.log("refused a frame of " + frameBytes + " bytes from " + connection.remote()
                + (order == null ? " before its handshake" : "") + ": " + reason
                + (answer ? "; the call was answered with this error" : "; closing the connection"));
        if (answer) {
            server.refuse(h.callId(), "no memory for its " + frameBytes + " bytes now (" + reason + ")");
        }
        return answer;
    }

    /**
     * Handles one frame that {@code from} (the TCP connection, or the shm one after the upgrade) delivers; runs on its
     * receive thread or on a caller polling it.
     */
    void onFrame(Connection from, ByteBuffer frame) {
        framesHeard++; // one thread receives at a time (the transport's receive role)
        ByteOrder order = peerOrder;
        if (order == null) {
            handshake.onFrame(frame); // nothing else until the handshake is done
            return;
        }
        frame.order(order);
        RmiHeader h = header;
        if (!h.wrap(frame)) {
            protocolError("frame of " + frame.remaining() + " bytes is shorter than the header");
            return;
        }
        try {
            // the type trailer first, whatever becomes of the message: the type tables stay in step
            reader.beginMessage(frame, (h.flags() & FLAG_TYPE_DEFS) != 0);
        } catch (IOException e) {
            protocolError("malformed frame: " + e.getMessage());
            return;
        }
        byte type = h.type();
        String broken = null;
        switch (type) {
            case CALL -> server.onCall(from, h, reader);
            case REPLY, REPLY_THROWN, REPLY_ERROR -> calls.onReply(h, reader);
            case DGC_DIRTY -> runtime.exports.dirty(h.objectId(), peerVmId);
            case DGC_CLEAN -> runtime.exports.clean(h.objectId(), peerVmId);
            case UPGRADE -> broken = upgrade.onUpgrade(reader, peerSharesMemory());
            case UPGRADE_ACK -> broken = upgrade.onAck(h.methodId(), reader);
            case UPGRADE_DONE -> broken = upgrade.onDone();
            case PING -> onPing();
            case PONG -> { } // counted above
            default -> broken = "unknown frame type " + type;
        }
        if (broken != null) {
            protocolError(broken);
        }
    }

    /** Frames of the shm connection go where TCP frames go; its loss ends the whole peer connection. */
    private final class ShmFrames implements FrameHandler {
        @Override
        public void onOpen(Connection c) {
        }

        @Override
        public void onFrame(Connection c, ByteBuffer frame) {
            PeerConnection.this.onFrame(c, frame);
        }

        @Override
        public boolean onFrameRefused(Connection c, ByteBuffer start, int frameBytes, String reason) {
            return PeerConnection.this.onFrameRefused(start, frameBytes, reason);
        }

        @Override
        public void onClose(Connection c, IOException cause) {
            if (connection.isOpen()) {
                // a peer process that exits ends its shared memory first: normal operation, as silent as java.rmi
                // (a malformed frame or a failed handler is logged where it is found)
                LOG.log(Level.DEBUG, "shared memory to {0} closed{1}",
                        connection.remote(), cause == null ? "" : ": " + cause.getMessage());
                if (closeReason == null) { // the pending calls' exception says why, not only "lost"
                    closeReason = "its shared memory closed" + (cause == null ? "" : ": " + cause.getMessage());
                }
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
        closed = true;
        handshake.closed(reason, cause);
        upgrade.close(); // the TCP link is the liveness link of the shm connection
        calls.close(e);
    }
}
