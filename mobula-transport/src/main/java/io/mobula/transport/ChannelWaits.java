package io.mobula.transport;

import java.io.IOException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * How a connection over a {@link SocketChannel} waits for it (tcp and tls): in polling mode the channel is
 * non-blocking, a per-connection selector waits for data (one epoll descriptor, no hand-off between threads) and a
 * second one, opened on the first full socket buffer, waits for room; in blocking mode the channel's own read and
 * write wait and there is no selector.
 */
final class ChannelWaits {
    /** select(Consumer) instead of the selected-key set: adding to that set allocates on every wake-up. */
    private static final Consumer<SelectionKey> IGNORE_KEY = key -> { };

    private final SocketChannel channel;
    /** Null in blocking mode. */
    private final Selector readSelector;
    /** Opened on the first full socket buffer; only senders (under the connection's send lock) create it. */
    private volatile Selector writeSelector;

    private ChannelWaits(SocketChannel channel, Selector readSelector) {
        this.channel = channel;
        this.readSelector = readSelector;
    }

    /** Puts {@code channel} in the mode the options ask for: blocking without busy-poll and caller polling. */
    static ChannelWaits of(SocketChannel channel, TransportOptions options) throws IOException {
        if (options.busyPoll().isZero() && !options.callerPolling()) {
            channel.configureBlocking(true);
            return new ChannelWaits(channel, null);
        }
        channel.configureBlocking(false);
        Selector selector = Selector.open();
        try {
            channel.register(selector, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException e) {
            selector.close();
            throw e;
        }
        return new ChannelWaits(channel, selector);
    }

    /** Whether the channel is non-blocking (polling mode). */
    boolean polling() {
        return readSelector != null;
    }

    /**
     * Waits until data, a close ({@link #wakeUp}) or the peer's FIN/RST, at most {@code timeoutMillis} (0: no bound);
     * returns whether the channel is ready (false after the timeout or a {@link #wakeUp}). The timeout costs nothing:
     * it is the timeout of the one {@code epoll_wait}. In blocking mode returns true at once (read() waits).
     */
    boolean awaitReadable(long timeoutMillis) throws IOException {
        return readSelector == null || readSelector.select(IGNORE_KEY, timeoutMillis) > 0;
    }

    /** Waits until data, a close ({@link #wakeUp}) or the peer's FIN/RST; in blocking mode returns at once. */
    void awaitReadable() throws IOException {
        if (readSelector != null) {
            readSelector.select(IGNORE_KEY);
        }
    }

    /**
     * Waits (at most 250 ms, so a lost wake-up only delays a sender) until the socket buffer has room; a sender calls
     * it under the send lock. In blocking mode returns at once (write() waited already).
     *
     * @throws AsynchronousCloseException when the connection is closed before or during the wait
     */
    void awaitWritable(BooleanSupplier closed) throws IOException {
        if (readSelector == null) {
            return;
        }
        Selector selector = writeSelector;
        if (selector == null) {
            selector = Selector.open();
            writeSelector = selector; // published before the closed check: a close either sees it or we see closed
            channel.register(selector, SelectionKey.OP_WRITE);
        }
        if (closed.getAsBoolean()) {
            throw new AsynchronousCloseException();
        }
        selector.select(IGNORE_KEY, 250);
        if (closed.getAsBoolean()) {
            throw new AsynchronousCloseException();
        }
    }

    /** Wakes whoever waits (the connection is closing). */
    void wakeUp() {
        if (readSelector != null) {
            readSelector.wakeup();
        }
        Selector selector = writeSelector;
        if (selector != null) {
            selector.wakeup();
        }
    }

    /**
     * Closes both selectors once the receive side is done; the write selector under {@code sendLock}, which senders
     * hold when they create or wait on it.
     */
    void close(java.util.concurrent.locks.Lock sendLock) {
        if (readSelector != null) {
            closeQuietly(readSelector);
        }
        sendLock.lock();
        try {
            Selector selector = writeSelector;
            if (selector != null) {
                closeQuietly(selector);
            }
        } finally {
            sendLock.unlock();
        }
    }

    private void closeQuietly(Selector selector) {
        try {
            selector.close();
        } catch (IOException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "closing selector of " + channel + ": " + e);
        }
    }
}
