package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * A frame connection over a {@link SocketChannel}. A frame goes out as one gather write of length prefix, header
 * and body (no copy into a staging buffer, one system call when the socket buffer has room).
 *
 * <p>Two receive modes. Normally the channel is non-blocking: the receive thread spin-reads for the busy-poll
 * window, then parks in a per-connection selector (one epoll descriptor, no hand-off between threads, which a shared
 * selector would need), and a caller waiting for a reply may poll the channel itself ({@link #receiveUntil}).
 * Without busy-poll and caller polling the channel is blocking: one {@code read} system call per wake-up instead of
 * three (read, epoll_wait, read).
 */
final class TcpConnection extends StreamConnection {

    /** select(Consumer) instead of the selected-key set: adding to that set allocates on every wake-up. */
    private static final Consumer<SelectionKey> IGNORE_KEY = key -> { };

    private final SocketChannel channel;
    /** Null in blocking mode. */
    private final Selector readSelector;
    /** Opened on the first full socket buffer; only senders (under sendLock) create it. */
    private volatile Selector writeSelector;
    private final ByteBuffer[] gather2 = new ByteBuffer[2];
    private final ByteBuffer[] gather3 = new ByteBuffer[3];

    private TcpConnection(SocketChannel channel, Selector readSelector, Endpoint remote, FrameHandler handler,
                          TransportOptions options, Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, ByteBuffer.allocateDirect(4), onFinished);
        this.channel = channel;
        this.readSelector = readSelector;
    }

    /** Wraps a connected channel (switched to non-blocking); the caller starts it. */
    static TcpConnection create(SocketChannel channel, Endpoint remote, FrameHandler handler,
                                TransportOptions options, Consumer<? super StreamConnection> onFinished) throws IOException {
        if (options.busyPoll().isZero() && !options.callerPolling()) {
            channel.configureBlocking(true);
            return new TcpConnection(channel, null, remote, handler, options, onFinished);
        }
        channel.configureBlocking(false);
        Selector selector = Selector.open();
        try {
            channel.register(selector, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException e) {
            selector.close();
            throw e;
        }
        return new TcpConnection(channel, selector, remote, handler, options, onFinished);
    }

    @Override
    boolean pollable() {
        return readSelector != null;
    }

    @Override
    int readAvailable(ByteBuffer dst) throws IOException {
        return channel.read(dst);
    }

    @Override
    void awaitReadable() throws IOException {
        if (readSelector == null) {
            return; // blocking mode: the next read() waits
        }
        // woken by data, by close() (wakeup) or by the peer's FIN/RST
        readSelector.select(IGNORE_KEY);
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        ByteBuffer[] gather;
        if (header == null) {
            gather = gather2;
            gather[0] = prefix;
            gather[1] = body;
        } else {
            gather = gather3;
            gather[0] = prefix;
            gather[1] = header;
            gather[2] = body;
        }
        try {
            long remaining = 4 + frameBytes;
            while (true) {
                long written = channel.write(gather);
                remaining -= written;
                if (remaining == 0) {
                    return;
                }
                if (written == 0) {
                    awaitWritable();
                }
            }
        } finally {
            gather[1] = null; // do not keep the caller's buffers reachable
            if (gather.length == 3) {
                gather[2] = null;
            }
        }
    }

    private void awaitWritable() throws IOException {
        if (readSelector == null) {
            return; // blocking mode: write() waited already and never returns 0
        }
        Selector selector = writeSelector;
        if (selector == null) {
            selector = Selector.open();
            writeSelector = selector; // published before the closed check: close() either sees it or we see closed
            channel.register(selector, SelectionKey.OP_WRITE);
        }
        if (isClosed()) {
            throw new AsynchronousCloseException();
        }
        // bounded so that a lost wake-up can only delay, never hang, a sender
        selector.select(IGNORE_KEY, 250);
        if (isClosed()) {
            throw new AsynchronousCloseException();
        }
    }

    @Override
    ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocateDirect(capacity);
    }

    @Override
    void closeResources() {
        try {
            // a registered channel shuts its output down at once, so the peer sees EOF now
            channel.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "closing " + this + ": " + e);
        }
        if (readSelector != null) {
            readSelector.wakeup();
        }
        Selector selector = writeSelector;
        if (selector != null) {
            selector.wakeup();
        }
    }

    @Override
    void receiverFinished() {
        if (readSelector != null) {
            closeQuietly(readSelector);
        }
        sendLock.lock(); // senders create the write selector under this lock
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
            LOG.log(System.Logger.Level.DEBUG, () -> "closing selector of " + this + ": " + e);
        }
    }

    @Override
    String technology() {
        return "tcp";
    }
}
