package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * An {@link SSLEngine} with its buffers: encrypted bytes read but not yet decrypted ({@link #netIn}), records ready to
 * go out ({@link #netOut}), and decrypted bytes that did not fit where the reader wanted them ({@link #appIn}). No
 * I/O here: the handshake and the connection move the bytes. The engine itself is thread-safe; {@link #netOut} is the
 * sender's (under the connection's send lock, or the handshaking thread's), {@link #netIn} and {@link #appIn} the
 * receiver's.
 */
final class TlsEngine {

    private static final ByteBuffer[] NOTHING = {ByteBuffer.allocate(0)};
    /** Records wrapped before a write: fewer system calls for large frames. */
    private static final int RECORDS_PER_WRITE = 4;

    final SSLEngine engine;
    /** Encrypted input; write mode (position = end of what was read). */
    ByteBuffer netIn;
    /** Encrypted output; write mode between wraps, flipped by the writer. */
    final ByteBuffer netOut;
    /** Decrypted input that did not fit; read mode (empty: position == limit). */
    ByteBuffer appIn;

    private TlsEngine(SSLEngine engine) {
        this.engine = engine;
        int packet = engine.getSession().getPacketBufferSize();
        this.netIn = ByteBuffer.allocate(2 * packet);
        this.netOut = ByteBuffer.allocate(RECORDS_PER_WRITE * packet);
        this.appIn = ByteBuffer.allocateDirect(engine.getSession().getApplicationBufferSize()).flip();
    }

    /**
     * A new engine for one connection.
     *
     * @param client whether this side connected (and so starts the handshake)
     * @param peer   the peer's address, a hint for session resumption
     */
    static TlsEngine create(SSLContext context, TlsOptions options, boolean client, Endpoint peer) throws IOException {
        SSLEngine e;
        try {
            e = client ? context.createSSLEngine(peer.host(), peer.port()) : context.createSSLEngine();
            e.setUseClientMode(client);
            List<String> supported = Arrays.asList(e.getSupportedProtocols());
            List<String> enabled = new ArrayList<>();
            for (String p : TlsOptions.PROTOCOLS) {
                if (supported.contains(p)) {
                    enabled.add(p);
                }
            }
            if (enabled.isEmpty()) {
                throw new IOException("the SSLContext supports neither TLSv1.3 nor TLSv1.2: "
                        + Arrays.toString(e.getSupportedProtocols()));
            }
            e.setEnabledProtocols(enabled.toArray(String[]::new));
            if (!client) {
                e.setNeedClientAuth(options.clientAuth());
            }
        } catch (RuntimeException ex) {
            // an SSLContext that was never initialized throws IllegalStateException
            throw new IOException("cannot create a TLS engine: " + ex.getMessage(), ex);
        }
        return new TlsEngine(e);
    }

    /** Runs the engine's delegated tasks on this thread (certificate checks during a handshake). */
    void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /**
     * Wraps as much of {@code srcs} as fits into {@link #netOut} with room left for a whole record, and returns the
     * plaintext bytes consumed. Handshake or close messages the engine has pending go out first.
     *
     * @throws SSLException   if the engine failed
     * @throws IOException    if the engine is closed for writing
     */
    long wrap(ByteBuffer[] srcs, int length) throws IOException {
        long consumed = 0;
        int packet = engine.getSession().getPacketBufferSize();
        while (netOut.remaining() >= packet) {
            SSLEngineResult r = engine.wrap(srcs, 0, length, netOut);
            consumed += r.bytesConsumed();
            switch (r.getStatus()) {
                case OK -> { }
                case BUFFER_OVERFLOW -> {
                    return consumed; // the packet size grew: flush first
                }
                case CLOSED -> {
                    if (r.bytesProduced() > 0) {
                        return consumed; // its last messages (an alert, a close_notify) go out first
                    }
                    throw new IOException("the TLS session is closed");
                }
                default -> throw new IOException("unexpected TLS wrap status " + r.getStatus());
            }
            if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
            }
            if (!hasRemaining(srcs, length) && r.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_WRAP) {
                return consumed;
            }
            if (r.bytesProduced() == 0 && r.bytesConsumed() == 0) {
                return consumed; // nothing more to do now
            }
        }
        return consumed;
    }

    /** Wraps what the engine wants to send by itself (handshake and close messages) into {@link #netOut}. */
    void wrapControl() throws IOException {
        wrap(NOTHING, 1);
    }

    /** Whether the engine has messages of its own to send. */
    boolean needsWrap() {
        return engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP;
    }

    /**
     * Decrypts buffered input into {@code dst}: bytes left in {@link #appIn} first, then records from {@link #netIn}.
     * Returns the bytes put into {@code dst}, 0 if a whole record must be read first, -1 once the peer closed the
     * session (close_notify).
     *
     * @throws SSLException if the input is not TLS or fails authentication
     */
    int unwrap(ByteBuffer dst) throws IOException {
        if (appIn.hasRemaining()) {
            return drainAppIn(dst);
        }
        boolean overflowed = false;
        while (netIn.position() > 0) {
            int appSize = engine.getSession().getApplicationBufferSize();
            boolean direct = dst.remaining() >= appSize;
            if (!direct && appIn.capacity() < appSize) {
                appIn = ByteBuffer.allocateDirect(appSize).flip();
            }
            ByteBuffer target = direct ? dst : appIn.clear();
            netIn.flip();
            SSLEngineResult r;
            try {
                r = engine.unwrap(netIn, target);
            } finally {
                netIn.compact();
                if (!direct) {
                    appIn.flip();
                }
            }
            switch (r.getStatus()) {
                case OK -> { }
                case BUFFER_UNDERFLOW -> {
                    int packet = engine.getSession().getPacketBufferSize();
                    if (netIn.capacity() < packet) {
                        ByteBuffer grown = ByteBuffer.allocateDirect(2 * packet);
                        netIn.flip();
                        grown.put(netIn);
                        netIn = grown;
                    }
                    return 0;
                }
                case BUFFER_OVERFLOW -> {
                    // the session's application buffer size grew after the handshake: size the buffers anew, once
                    if (overflowed) {
                        throw new IOException("TLS unwrap overflowed a buffer of " + target.capacity() + " bytes");
                    }
                    overflowed = true;
                    continue;
                }
                case CLOSED -> {
                    return -1;
                }
                default -> throw new IOException("unexpected TLS unwrap status " + r.getStatus());
            }
            if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
            }
            if (r.bytesProduced() > 0) {
                return direct ? r.bytesProduced() : drainAppIn(dst);
            }
            if (r.bytesConsumed() == 0) {
                return 0;
            }
            // a record without application data (a session ticket, a key update): go on
        }
        return 0;
    }

    private int drainAppIn(ByteBuffer dst) {
        int n = Math.min(dst.remaining(), appIn.remaining());
        dst.put(dst.position(), appIn, appIn.position(), n);
        dst.position(dst.position() + n);
        appIn.position(appIn.position() + n);
        return n;
    }

    private static boolean hasRemaining(ByteBuffer[] srcs, int length) {
        for (int i = 0; i < length; i++) {
            if (srcs[i].hasRemaining()) {
                return true;
            }
        }
        return false;
    }
}
