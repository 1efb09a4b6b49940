package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

/**
 * This process's end of the doorbell of one shared-memory ring: a Unix-domain stream socket whose other end belongs
 * to the peer process. Each side of a ring has exactly one kind of sleeper (the ring's writer waits for space, its
 * reader for data), so a byte arriving at an end always means "your ring changed, look again"; bytes carry no value.
 * See {@link ShmRing} for the handshake that decides when a byte is sent.
 *
 * <p>The channel is non-blocking; a sleeper waits in a {@link Selector} of its own, which gives a timeout (a
 * Unix-domain channel has none), can be woken from inside this process ({@link #wakeup}: local close) and returns on
 * interrupt without closing the channel. The peer's death closes its end: the sleeper then sees end of stream at
 * once, which doubles as dead-peer detection.
 */
final class ShmBell {

    /** {@link #await} result: at least one byte arrived. */
    static final int RUNG = 1;
    /** {@link #await} result: nothing arrived (timeout, local wake-up or interrupt). */
    static final int NOTHING = 0;
    /** {@link #await} result: the peer's end is closed (the peer closed the connection or died). */
    static final int ENDED = -1;
    /** {@link #await} result: this end was closed locally. */
    static final int CLOSED = -2;

    private final SocketChannel channel;
    private final Selector selector;
    private final ByteBuffer one = ByteBuffer.allocateDirect(1);
    private final ByteBuffer drain = ByteBuffer.allocateDirect(64);
    private volatile boolean closed;
    private volatile boolean ended;

    ShmBell(SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        Selector s = Selector.open();
        try {
            channel.register(s, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        this.channel = channel;
        this.selector = s;
    }

    /**
     * Sends one wake-up byte to the peer's end. Never blocks: if the socket buffer were full, the peer has unread
     * bytes and wakes anyway. Failures are ignored: a closed bell means the connection is going away, which the
     * ring's flags and liveness checks report.
     */
    void ring() {
        synchronized (one) {
            try {
                one.clear();
                channel.write(one);
            } catch (IOException e) {
                StreamConnection.LOG.log(System.Logger.Level.TRACE, () -> "doorbell not rung: " + e);
            }
        }
    }

    /**
     * Sleeps until a byte arrives, the peer's end closes, {@link #wakeup} or an interrupt, or about
     * {@code timeoutNanos} pass; consumes every byte that arrived.
     *
     * @return {@link #RUNG}, {@link #NOTHING}, {@link #ENDED} or {@link #CLOSED}
     */
    int await(long timeoutNanos) {
        if (closed) {
            return CLOSED;
        }
        if (ended) {
            return ENDED;
        }
        try {
            selector.select(Math.max(1, timeoutNanos / 1_000_000));
            selector.selectedKeys().clear();
            return drain();
        } catch (ClosedSelectorException e) {
            return CLOSED;
        } catch (IOException e) {
            return closed ? CLOSED : ENDED;
        }
    }

    /** Reads what arrived without blocking. */
    private int drain() throws IOException {
        int result = NOTHING;
        synchronized (drain) {
            while (true) {
                drain.clear();
                int n = channel.read(drain);
                if (n < 0) {
                    ended = true;
                    return ENDED;
                }
                if (n == 0) {
                    return result;
                }
                result = RUNG;
            }
        }
    }

    /** Ends a sleep of this process's thread at once (or the next one, if none is under way). */
    void wakeup() {
        selector.wakeup();
    }

    /** Closes this end: the peer's sleeper sees end of stream. */
    void close() {
        closed = true;
        try {
            selector.close(); // wakes our own sleeper first
        } catch (IOException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "closing doorbell selector: " + e);
        }
        try {
            channel.close();
        } catch (IOException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "closing doorbell: " + e);
        }
    }
}
