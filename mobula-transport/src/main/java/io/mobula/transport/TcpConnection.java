package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * A frame connection over a {@link SocketChannel}. A frame goes out as one gather write of length prefix, header
 * and body (no copy into a staging buffer, one system call when the socket buffer has room).
 *
 * <p>Two receive modes. Normally the channel is non-blocking: the receive thread spin-reads for the busy-poll
 * window, then parks in a per-connection selector ({@link ChannelWaits}: one epoll descriptor, no hand-off between threads, which a shared
 * selector would need), and a caller waiting for a reply may poll the channel itself ({@link #receiveUntil}).
 * Without busy-poll and caller polling the channel is blocking: one {@code read} system call per wake-up instead of
 * three (read, epoll_wait, read).
 */
final class TcpConnection extends StreamConnection {

    private final SocketChannel channel;
    private final ChannelWaits waits;
    private final ByteBuffer[] gather2 = new ByteBuffer[2];
    private final ByteBuffer[] gather3 = new ByteBuffer[3];

    private TcpConnection(SocketChannel channel, ChannelWaits waits, Endpoint remote, FrameHandler handler,
                          TransportOptions options, Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, ByteBuffer.allocateDirect(4), onFinished);
        this.channel = channel;
        this.waits = waits;
    }

    /** Wraps a connected channel (switched to non-blocking); the caller starts it. */
    static TcpConnection create(SocketChannel channel, Endpoint remote, FrameHandler handler,
                                TransportOptions options, Consumer<? super StreamConnection> onFinished) throws IOException {
        return new TcpConnection(channel, ChannelWaits.of(channel, options), remote, handler, options, onFinished);
    }

    @Override
    boolean pollable() {
        return waits.polling();
    }

    @Override
    int readAvailable(ByteBuffer dst) throws IOException {
        return channel.read(dst);
    }

    @Override
    void awaitReadable() throws IOException {
        waits.awaitReadable(); // woken by data, by close() or by the peer's FIN/RST; blocking mode: read() waits
    }

    @Override
    boolean awaitReadable(long idleMillis) throws IOException {
        return waits.awaitReadable(idleMillis);
    }

    @Override
    java.nio.channels.SelectableChannel idleChannel() {
        return waits.polling() ? channel : null; // a blocking channel cannot be registered with a selector
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
                    waits.awaitWritable(this::isClosed);
                }
            }
        } finally {
            gather[1] = null; // do not keep the caller's buffers reachable
            if (gather.length == 3) {
                gather[2] = null;
            }
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
        waits.wakeUp();
    }

    @Override
    void receiverFinished() {
        waits.close(sendLock);
    }

    @Override
    String technology() {
        return "tcp";
    }
}
