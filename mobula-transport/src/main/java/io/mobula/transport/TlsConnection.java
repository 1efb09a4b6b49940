package io.mobula.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * A frame connection over a {@link SocketChannel} whose bytes are TLS records ({@link TlsEngine}); the handshake is
 * done before the connection exists ({@link TlsHandshake}). A frame is wrapped as length prefix, header and body in
 * one {@code SSLEngine.wrap} call per record (16 KiB of plaintext), a few records per write; records are decrypted
 * on the receive side only, by whoever holds the receive role (the receive thread or a caller polling for its reply),
 * so busy-poll and caller polling work as over plain TCP, and so does the blocking mode.
 *
 * <p>Messages the engine must answer after the handshake (a TLS 1.3 KeyUpdate) are wrapped by the receiver under the
 * send lock if it is free; if a sender holds it, the sender sends them when it releases the lock, so the receiver
 * never waits for a sender (which may wait for the peer to read).
 *
 * <p>A peer that closes at a frame boundary ends the connection in order, with or without a close_notify: the length
 * prefixes, not the TLS close, tell a whole stream from a cut one, as over plain TCP. So does a reset at a record
 * boundary: a TLS 1.3 server sends session tickets nobody asked for, and a peer that closes before it read them
 * resets the connection where a plain TCP peer would have sent a FIN. {@link #close()} sends a
 * close_notify if the channel is non-blocking, no sender is writing and the socket has room: a close never waits for
 * the peer to read.
 */
final class TlsConnection extends SocketChannelConnection {

    private final TlsEngine tls;
    /** The receiver found the engine wanting to send (NEED_WRAP) and could not take the send lock. */
    private volatile boolean controlPending;

    private TlsConnection(SocketChannel channel, TlsEngine tls, ChannelWaits waits, Endpoint remote,
                          FrameHandler handler, TransportOptions options, Consumer<? super StreamConnection> onFinished) {
        super(channel, waits, remote, handler, options, ByteBuffer.allocate(4), onFinished);
        this.tls = tls;
    }

    /**
     * Wraps a channel whose handshake is done (non-blocking, unregistered) in the receive mode the options ask for;
     * the caller starts it.
     */
    static TlsConnection create(SocketChannel channel, TlsEngine tls, Endpoint remote, FrameHandler handler,
                                TransportOptions options, Consumer<? super StreamConnection> onFinished)
            throws IOException {
        return new TlsConnection(channel, tls, ChannelWaits.of(channel, options), remote, handler, options,
                onFinished);
    }

    @Override
    public int readAvailable(ByteBuffer dst) throws IOException {
        while (true) {
            int n = tls.unwrap(dst);
            if (tls.needsWrap()) {
                sendControl();
            }
            if (n != 0) {
                return n;
            }
            int read;
            try {
                read = channel.read(tls.netIn);
            } catch (java.net.SocketException e) {
                if (tls.netIn.position() == 0 && String.valueOf(e.getMessage()).contains("Connection reset")) {
                    LOG.log(System.Logger.Level.DEBUG, () -> this + ": reset at a record boundary, taken as its end");
                    return -1; // at a frame boundary an end, like a FIN; within a frame the caller reports it cut
                }
                throw e;
            }
            if (read < 0) {
                if (tls.netIn.position() > 0) {
                    throw new EOFException("peer closed in the middle of a TLS record");
                }
                return -1;
            }
            if (read == 0) {
                return 0;
            }
        }
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        ByteBuffer[] gather = gather(header, body);
        try {
            long remaining = 4 + frameBytes;
            do {
                long consumed = tls.wrap(gather, gather.length);
                if (consumed == 0 && tls.netOut.position() == 0) {
                    throw new IOException("the TLS engine took none of a frame's " + remaining + " bytes left");
                }
                remaining -= consumed;
                writeOut();
            } while (remaining > 0);
            if (tls.needsWrap()) {
                try {
                    flushControl(); // a key update the receiver left to us
                } catch (IOException e) {
                    if (!isClosed()) {
                        throw e;
                    }
                    // closed while we wrote (close() asks for a close_notify): the frame itself went out whole
                }
            }
        } finally {
            release(gather); // do not keep the caller's buffers reachable
        }
    }

    /** Writes all of the engine's output buffer; under the send lock. */
    private void writeOut() throws IOException {
        ByteBuffer out = tls.netOut.flip();
        try {
            while (out.hasRemaining()) {
                if (channel.write(out) == 0) {
                    waits.awaitWritable(this::isClosed);
                }
            }
        } finally {
            out.clear();
        }
    }

    /**
     * Sends what the engine wants to send by itself (a key update, a close_notify answer): now if the send lock is
     * free, else by the sender holding it, when it lets go ({@link #sendUnlocked}).
     */
    private void sendControl() throws IOException {
        controlPending = true;
        if (sendLock.tryLock()) {
            try {
                flushControl();
            } finally {
                sendLock.unlock();
            }
        }
    }

    /** Under the send lock. */
    private void flushControl() throws IOException {
        controlPending = false;
        if (isClosed()) {
            return;
        }
        while (tls.needsWrap()) {
            tls.wrapControl();
            writeOut();
        }
    }

    @Override
    void afterSend() {
        if (controlPending && sendLock.tryLock()) {
            try {
                flushControl();
            } catch (IOException e) {
                close(e);
            } finally {
                sendLock.unlock();
            }
        }
    }

    @Override
    public ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocateDirect(capacity);
    }

    @Override
    void closeResources() {
        sayGoodbye();
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "closing " + this + ": " + e);
        }
        waits.wakeUp();
    }

    /**
     * Sends a close_notify if no sender is writing and the socket takes it at once (never waits: a close must be
     * prompt even when the peer stopped reading).
     */
    private void sayGoodbye() {
        tls.engine.closeOutbound();
        if (!waits.polling() || !sendLock.tryLock()) {
            return; // blocking mode could wait on a full socket buffer; a sender is busy
        }
        try {
            tls.netOut.clear();
            tls.wrapControl();
            channel.write(tls.netOut.flip());
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "close_notify on " + this + ": " + e);
        } finally {
            tls.netOut.clear();
            sendLock.unlock();
        }
    }

    @Override
    String technology() {
        return "tls";
    }
}
