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
final class TcpConnection extends SocketChannelConnection {

    private TcpConnection(SocketChannel channel, ChannelWaits waits, Endpoint remote, FrameHandler handler,
                          TransportOptions options, Consumer<? super StreamConnection> onFinished) {
        super(channel, waits, remote, handler, options, ByteBuffer.allocateDirect(4), onFinished);
    }

    /** Wraps a connected channel (switched to non-blocking); the caller starts it. */
    static TcpConnection create(SocketChannel channel, Endpoint remote, FrameHandler handler,
                                TransportOptions options, Consumer<? super StreamConnection> onFinished) throws IOException {
        return new TcpConnection(channel, ChannelWaits.of(channel, options), remote, handler, options, onFinished);
    }

    @Override
    int readAvailable(ByteBuffer dst) throws IOException {
        return channel.read(dst);
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        ByteBuffer[] gather = gather(header, body);
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
            release(gather); // do not keep the caller's buffers reachable
        }
    }

    /** The size of the direct buffer a frame in parts is copied into, a chunk at a time. */
    static final int SEND_BUFFER = 256 << 10;
    /** Allocated by the first frame in parts; only touched under the send lock. */
    private ByteBuffer sendBuffer;
    private BufferViews sendViews;

    /**
     * Copies the frame, prefix first, into a direct buffer of {@link #SEND_BUFFER} bytes and writes it, a chunk at a
     * time: each array is copied once on the way to the socket (a heap buffer would be copied into a temporary direct
     * buffer by the JDK, after the serializer had copied the array into it).
     */
    @Override
    void writeFrame(FrameParts frame, long frameBytes) throws IOException {
        ByteBuffer out = sendBuffer;
        if (out == null) {
            out = sendBuffer = ByteBuffer.allocateDirect(SEND_BUFFER);
            sendViews = new BufferViews(out);
        }
        out.clear();
        out.putInt((int) frameBytes);
        while (true) {
            frame.fill(out, sendViews);
            out.flip();
            while (out.hasRemaining()) {
                if (channel.write(out) == 0) {
                    waits.awaitWritable(this::isClosed);
                }
            }
            if (frame.done()) {
                return;
            }
            out.clear();
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
    String technology() {
        return "tcp";
    }
}
