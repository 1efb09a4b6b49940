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
 * window, then parks in a per-connection selector ({@link ChannelWaits}: no hand-off between threads, which a shared
 * selector would need; closed while the connection is idle), and a caller waiting for a reply may poll the channel itself ({@link #receiveUntil}).
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
    public int readAvailable(ByteBuffer dst) throws IOException {
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

    /** The smallest direct send buffer; it grows to the frame (with prefix) up to {@link #MAX_SEND_BUFFER}. */
    static final int MIN_SEND_BUFFER = 64 << 10;
    /** Frames above this size go out in chunks of it. */
    static final int MAX_SEND_BUFFER = 8 << 20;
    /** A send buffer above this size is given back after {@link #SHRINK_AFTER_SENDS} frames that did not need it. */
    static final int RETAINED_SEND_BUFFER = 1 << 20;
    static final int SHRINK_AFTER_SENDS = 64;
    /** Allocated by the first frame in parts; only touched under the send lock. */
    private ByteBuffer sendBuffer;
    private BufferViews sendViews;
    private int smallSendsSinceGrow;

    /**
     * Copies the frame, prefix first, into a direct buffer and writes it: each array is copied once on its way to the
     * socket (from a heap buffer the JDK would copy into a temporary direct buffer of the frame's size, after the
     * serializer had copied the array into the heap buffer). The buffer grows to the frame, like the JDK's temporary
     * one, so that the socket is written as it drains, with no copying in between; frames above
     * {@link #MAX_SEND_BUFFER} go in chunks.
     */
    @Override
    void writeFrame(FrameParts frame, long frameBytes) throws IOException {
        ByteBuffer out = sendBuffer(frameBytes + 4);
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

    private ByteBuffer sendBuffer(long bytes) {
        ByteBuffer b = sendBuffer;
        int want = (int) Math.min(Math.max(bytes, MIN_SEND_BUFFER), MAX_SEND_BUFFER);
        if (b != null && b.capacity() > RETAINED_SEND_BUFFER) {
            smallSendsSinceGrow = bytes > RETAINED_SEND_BUFFER ? 0 : smallSendsSinceGrow + 1;
            if (smallSendsSinceGrow >= SHRINK_AFTER_SENDS) {
                b = null; // a one-off huge frame does not pin its buffer for the life of the connection
            }
        }
        if (b == null || b.capacity() < want) {
            b = sendBuffer = ByteBuffer.allocateDirect(want);
            sendViews = new BufferViews(b);
            smallSendsSinceGrow = 0;
        }
        return b;
    }

    @Override
    public ByteBuffer allocate(int capacity) {
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
