package io.mobula.rmi;

import static io.mobula.rmi.RmiProtocol.MAGIC;
import static io.mobula.rmi.RmiProtocol.VERSION;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.ConnectIOException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The opening of a peer connection: both sides send HELLO at once (byte order, magic, protocol version, VM id,
 * endpoints, authentication mode); with a cluster secret the HELLOs carry nonces and AUTH frames follow
 * ({@link AuthHandshake}). Until the handshake is {@link #done()} only HELLO and AUTH frames are read, as raw bytes:
 * nothing from the peer reaches the reader's type table, an object decoder or a dispatcher, and nothing but the HELLO
 * and the answer is sent to it. Any other frame, a wrong answer or no handshake within
 * {@link RmiConfig#handshakeTimeout()} drops the connection (one warning, {@link RmiCounters#authFailures()}). The
 * timeout is counted in this process's running time: time it did not run (its timer came late, {@link
 * RmiRuntime#pausedNanos()}) is added, up to {@link #WALL_FACTOR} timeouts in all (docs/WIRE.md, "Slow peers").
 *
 * <p>{@link #onFrame} runs on the connection's receive role; {@link #await} on the caller that opened the connection.
 */
final class PeerHandshake {
    private static final System.Logger LOG = System.getLogger(PeerHandshake.class.getName());

    /** What the peer said in its HELLO, handed over once the handshake is done. */
    record Peer(ByteOrder order, long vmId, List<Endpoint> endpoints) {
    }

    /** What the connection does when the handshake ends. */
    interface Outcome {
        /** The peer is authenticated (or neither side authenticates): calls may flow. */
        void accepted(Peer peer);

        /** The peer failed: {@code why} for the log, the connection is to be dropped. */
        void refused(String why);
    }

    private final RmiRuntime runtime;
    private final Connection connection;
    private final PeerSender sender;
    private final SerialReader reader;
    private final AuthHandshake auth;
    private final Outcome outcome;
    private final CompletableFuture<Void> result = new CompletableFuture<>();
    private Peer hello;
    /** Why the peer's listener refused this connection, if it said so. */
    private volatile String peerRefusal;
    private volatile boolean done;
    /**
     * The most wall-clock time a handshake is given, in handshake timeouts, however late this process's own timer ran
     * (the deadline is otherwise counted in this process's running time, {@link RmiRuntime#pausedNanos()}).
     */
    static final int WALL_FACTOR = 3;
    private final long openedAt;
    private final long pausedAtOpen;
    /** How far the deadline was put off for time this process did not run; timer thread only. */
    private long extended;
    /** Whether the handshake ran out of time (rather than being refused or cut). */
    private volatile boolean timedOut;

    PeerHandshake(RmiRuntime runtime, Connection connection, PeerSender sender, SerialReader reader,
                  boolean connecting, Outcome outcome) {
        this.runtime = runtime;
        this.connection = connection;
        this.sender = sender;
        this.reader = reader;
        this.outcome = outcome;
        this.auth = AuthHandshake.start(runtime.config.secret(), connecting);
        this.openedAt = System.nanoTime();
        this.pausedAtOpen = runtime.pausedNanos();
        runtime.schedule(this::deadline, runtime.config.handshakeTimeout().toNanos());
    }

    /** Whether this side opened the connection. */
    boolean connecting() {
        return auth.connecting();
    }

    /** Whether the handshake ran out of time, rather than being refused or cut off. */
    boolean timedOut() {
        return timedOut;
    }

    /** Whether the handshake is done and the peer accepted. */
    boolean done() {
        return done;
    }

    /** Sends this side's HELLO; always over the connection the peer was reached by. */
    void sendHello() throws IOException {
        sender.lock();
        try {
            SerialWriter writer = sender.writer();
            writer.beginMessage();
            int at = writer.reserve(1);
            writer.putByteAt(at, (byte) (sender.order() == ByteOrder.BIG_ENDIAN ? 1 : 0));
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
            ByteBuffer frame = writer.buffer();
            byte[] sent = new byte[frame.remaining()];
            frame.get(frame.position(), sent);
            auth.helloSent(sent); // the answers cover the HELLOs as sent
            connection.send(frame);
        } finally {
            sender.unlock();
        }
    }

    /** The peer's HELLO first, then AUTH frames until the handshake is done; anything else drops the peer. */
    void onFrame(ByteBuffer frame) {
        String refusal = io.mobula.transport.Refusal.reasonIn(frame);
        if (refusal != null) {
            // the peer's listener will not keep this connection (its connection limits) and says why
            peerRefusal = "refused by " + connection.remote() + ": " + refusal;
            connection.close();
            return;
        }
        if (hello == null) {
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
            hello = new Peer(order, vm, List.copyOf(eps));
        } catch (IOException e) {
            fail("bad HELLO: " + e.getMessage());
            return;
        }
        try {
            // this process's own VM id is refused (a reflected HELLO) unless the connection is one this process made
            // to itself: its other end, with the same two addresses swapped, is a connection of this process
            boolean own = hello.vmId() == runtime.vmId && !runtime.isSelfConnection(connection);
            byte[] answer = auth.onPeerHello(mode, nonce, raw, own);
            if (answer != null && !sendAuth(answer)) {
                return;
            }
        } catch (AuthHandshake.Refused r) {
            fail(r.getMessage());
            return;
        }
        if (auth.done()) {
            accept();
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
            fail(r.getMessage());
            return;
        }
        accept();
    }

    /** Sends an AUTH frame; false (and the connection closes) if that fails. */
    private boolean sendAuth(byte[] mac) {
        try {
            sender.sendRaw(AuthHandshake.authFrame(mac));
            return true;
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot send the handshake answer to {0}: {1}", connection.remote(), e);
            connection.close();
            return false;
        }
    }

    private void accept() {
        connection.handshakeDone(); // the next frame may be a call of any size
        done = true;
        outcome.accepted(hello);
        result.complete(null);
    }

    private void fail(String why) {
        outcome.refused(why);
    }

    /** The runtime's timer, {@link RmiConfig#handshakeTimeout()} after the connection opened. */
    private void deadline() {
        if (done) {
            return;
        }
        long wall = System.nanoTime() - openedAt;
        long extra = runtime.pausedNanos() - pausedAtOpen - extended;
        long left = WALL_FACTOR * runtime.config.handshakeTimeout().toNanos() - wall;
        if (extra >= 1_000_000 && left > 0 && !result.isDone()) {
            // this process did not run for part of the time (its timer came late): the peer's HELLO may wait unread
            extended += extra;
            runtime.schedule(this::deadline, Math.min(extra, left));
            return;
        }
        timedOut = !result.isDone(); // not if it failed otherwise before
        fail("no handshake within " + wall / 1_000_000 + " ms (handshake timeout "
                + runtime.config.handshakeTimeout().toMillis() + " ms"
                + (extended > 0 ? ", extended by " + extended / 1_000_000 + " ms this process did not run" : "")
                + ")");
    }

    /**
     * The connection closed; a caller still waiting for the handshake learns why.
     *
     * @param reason why this side closed it, or null
     */
    void closed(String reason, IOException cause) {
        if (!result.isDone()) {
            String refusal = peerRefusal;
            result.completeExceptionally(new IOException(reason != null ? reason
                    : refusal != null ? refusal
                    : cause != null ? "connection lost during the handshake: " + cause.getMessage()
                    : "the peer closed the connection during the handshake without saying why: it refused this"
                    + " process (another cluster secret, none, or another protocol version) or could not keep the"
                    + " connection (see its log)"));
        }
    }

    /**
     * Waits until the handshake is done; the side that opened the connection calls this before its first call, so
     * nothing is sent before the peer is authenticated and a refusal fails the call before it was sent.
     *
     * @throws ConnectIOException if the handshake fails or does not finish in time (the connection is then closed)
     */
    void await() throws RemoteException {
        if (done) {
            return;
        }
        long timeout = WALL_FACTOR * runtime.config.handshakeTimeout().toNanos() + TimeUnit.SECONDS.toNanos(1);
        try {
            result.get(timeout, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new ConnectIOException("cannot connect to " + connection.remote() + ": "
                    + e.getCause().getMessage());
        } catch (TimeoutException e) {
            timedOut = true;
            connection.close();
            throw new ConnectIOException("cannot connect to " + connection.remote() + ": no handshake within "
                    + runtime.config.handshakeTimeout().toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            connection.close();
            throw new ConnectIOException("interrupted while connecting to " + connection.remote());
        }
    }
}
