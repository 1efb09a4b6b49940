package io.mobula.transport;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * Runs the TLS handshake of a new socket before it becomes a connection, on the calling thread, within a deadline:
 * the channel is non-blocking and every wait is a bounded select, so a peer that sends nothing, or too slowly, costs
 * at most the handshake timeout. A failure (a plaintext peer, an untrusted certificate, a timeout) is an
 * {@link IOException} naming the peer; the caller closes the socket.
 */
final class TlsHandshake {

    private final TlsEngine tls;
    private final SocketChannel channel;
    private final Endpoint peer;
    private final long deadline;
    private final Duration timeout;

    private TlsHandshake(TlsEngine tls, SocketChannel channel, Endpoint peer, Duration timeout) {
        this.tls = tls;
        this.channel = channel;
        this.peer = peer;
        this.timeout = timeout;
        this.deadline = System.nanoTime() + timeout.toNanos();
    }

    /**
     * Completes the handshake of {@code tls} over {@code channel}; leaves the channel non-blocking and unregistered,
     * and any bytes the peer sent after the handshake in the engine's input buffer.
     */
    static void perform(TlsEngine tls, SocketChannel channel, Endpoint peer, Duration timeout) throws IOException {
        new TlsHandshake(tls, channel, peer, timeout).run();
    }

    private void run() throws IOException {
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            SelectionKey key = channel.register(selector, 0);
            try {
                loop(selector, key);
            } catch (SSLException e) {
                sendAlert(selector, key); // tell the peer why, if the engine has an alert for it
                throw new SSLException("TLS handshake with " + peer + " failed: " + e.getMessage(), e);
            } catch (EOFException e) {
                throw new EOFException("TLS handshake with " + peer + " failed: " + e.getMessage());
            } finally {
                key.cancel();
            }
            selector.selectNow(); // deregisters the channel, so that it may become blocking again
        }
    }

    private void loop(Selector selector, SelectionKey key) throws IOException {
        tls.engine.beginHandshake();
        HandshakeStatus hs = tls.engine.getHandshakeStatus();
        ByteBuffer scratch = ByteBuffer.allocate(0);
        while (true) {
            switch (hs) {
                case NEED_WRAP -> {
                    tls.wrapControl();
                    flush(selector, key);
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    int before = tls.netIn.position();
                    int n = tls.unwrap(scratch);
                    if (n < 0) {
                        throw new EOFException("the peer closed the TLS session");
                    }
                    if (tls.engine.getHandshakeStatus() == hs && tls.netIn.position() == before
                            && hs == HandshakeStatus.NEED_UNWRAP) {
                        read(selector, key); // a whole record is needed first
                    }
                }
                case NEED_TASK -> tls.runTasks();
                case FINISHED, NOT_HANDSHAKING -> {
                    return;
                }
                default -> throw new IOException("unexpected TLS handshake status " + hs);
            }
            hs = tls.engine.getHandshakeStatus();
        }
    }

    /** Waits for and reads more encrypted input. */
    private void read(Selector selector, SelectionKey key) throws IOException {
        while (true) {
            int n = channel.read(tls.netIn);
            if (n < 0) {
                throw new EOFException("the peer closed the connection during the TLS handshake (does it speak TLS,"
                        + " and does it trust this side's certificate?)");
            }
            if (n > 0) {
                return;
            }
            await(selector, key, SelectionKey.OP_READ);
        }
    }

    /** Writes all of {@link TlsEngine#netOut}. */
    private void flush(Selector selector, SelectionKey key) throws IOException {
        ByteBuffer out = tls.netOut.flip();
        try {
            while (out.hasRemaining()) {
                if (channel.write(out) == 0) {
                    await(selector, key, SelectionKey.OP_WRITE);
                }
            }
        } finally {
            out.clear();
        }
    }

    private void await(Selector selector, SelectionKey key, int ops) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("TLS handshake with " + peer + " not complete within " + timeout
                    + " (TlsOptions.handshakeTimeout)");
        }
        key.interestOps(ops);
        selector.select(Math.max(1, left / 1_000_000));
        selector.selectedKeys().clear();
    }

    /** Best effort: sends the alert the engine prepared after a failure, without waiting. */
    private void sendAlert(Selector selector, SelectionKey key) {
        try {
            tls.netOut.clear();
            tls.wrapControl(); // a failed engine wraps its fatal alert
            ByteBuffer out = tls.netOut.flip();
            channel.write(out);
        } catch (IOException | RuntimeException ignored) {
            // the handshake failed already; the socket is closed next
        } finally {
            tls.netOut.clear();
        }
    }
}
