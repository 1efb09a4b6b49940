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
 * non-blocking, a per-connection selector waits for data (no hand-off between threads) and a second one, opened on the
 * first full socket buffer, waits for room; in blocking mode the channel's own read and write wait and there is no
 * selector.
 *
 * <p>A selector costs two file descriptors on Linux (its epoll and its wake-up descriptor), twice what the socket
 * itself costs. So the read selector is opened by the receive thread's first wait and closed when the connection
 * hands its channel to {@link IdleReceivers} ({@link #releaseReadSelector}): an idle connection holds one descriptor,
 * a busy one three, and a process with a thousand mostly idle peers stays far below its descriptor limit. Opening it
 * again costs three system calls once per busy period, not per frame.
 *
 * <p>Threading: the read selector is opened, used and released by the receive thread only (one at a time);
 * {@link #wakeUp} may come from any thread.
 */
final class ChannelWaits {
    /** select(Consumer) instead of the selected-key set: adding to that set allocates on every wake-up. */
    private static final Consumer<SelectionKey> IGNORE_KEY = key -> { };

    private final SocketChannel channel;
    private final boolean polling;
    /** Null in blocking mode and while no receive thread waits (idle, or not yet waited). */
    private volatile Selector readSelector;
    /** Opened on the first full socket buffer; only senders (under the connection's send lock) create it. */
    private volatile Selector writeSelector;

    private ChannelWaits(SocketChannel channel, boolean polling) {
        this.channel = channel;
        this.polling = polling;
    }

    /** Puts {@code channel} in the mode the options ask for: blocking without busy-poll and caller polling. */
    static ChannelWaits of(SocketChannel channel, TransportOptions options) throws IOException {
        boolean polling = !options.busyPoll().isZero() || options.callerPolling();
        channel.configureBlocking(!polling);
        return new ChannelWaits(channel, polling);
    }

    /** Whether the channel is non-blocking (polling mode). */
    boolean polling() {
        return polling;
    }

    /**
     * Waits until data, a close ({@link #wakeUp}) or the peer's FIN/RST, at most {@code timeoutMillis} (0: no bound);
     * returns whether the channel is ready (false after the timeout or a {@link #wakeUp}). The timeout costs nothing:
     * it is the timeout of the one {@code epoll_wait}. In blocking mode returns true at once (read() waits).
     * Receive thread only.
     */
    boolean awaitReadable(long timeoutMillis) throws IOException {
        if (!polling) {
            return true;
        }
        Selector selector = readSelector();
        return selector == null || selector.select(IGNORE_KEY, timeoutMillis) > 0;
    }

    /** Waits until data, a close ({@link #wakeUp}) or the peer's FIN/RST; in blocking mode returns at once. */
    void awaitReadable() throws IOException {
        if (polling) {
            Selector selector = readSelector();
            if (selector != null) {
                selector.select(IGNORE_KEY);
            }
        }
    }

    /**
     * The read selector, opened if there is none; null if the channel was closed meanwhile (the caller's next read
     * then reports it). Published before the check of the channel, as {@link #wakeUp} reads it after closing the
     * channel: either the close sees the selector and wakes it, or this sees the channel closed.
     */
    private Selector readSelector() throws IOException {
        Selector selector = readSelector;
        if (selector != null) {
            return selector;
        }
        selector = Selector.open();
        try {
            channel.register(selector, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException e) {
            closeQuietly(selector);
            throw e;
        }
        readSelector = selector;
        return channel.isOpen() ? selector : null;
    }

    /**
     * Closes the read selector, which deregisters the channel from it; the receive thread calls it before it hands
     * the channel to {@link IdleReceivers} and ends. The next receive thread opens a new one at its first wait.
     */
    void releaseReadSelector() {
        Selector selector = readSelector;
        if (selector != null) {
            readSelector = null;
            closeQuietly(selector);
        }
    }

    /**
     * Waits (at most 250 ms, so a lost wake-up only delays a sender) until the socket buffer has room; a sender calls
     * it under the send lock. In blocking mode returns at once (write() waited already).
     *
     * @throws AsynchronousCloseException when the connection is closed before or during the wait
     */
    void awaitWritable(BooleanSupplier closed) throws IOException {
        if (!polling) {
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
        Selector selector = readSelector;
        if (selector != null) {
            selector.wakeup(); // a no-op on a selector closed meanwhile
        }
        selector = writeSelector;
        if (selector != null) {
            selector.wakeup();
        }
    }

    /**
     * Closes both selectors once the receive side is done; the write selector under {@code sendLock}, which senders
     * hold when they create or wait on it.
     */
    void close(java.util.concurrent.locks.Lock sendLock) {
        releaseReadSelector();
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
