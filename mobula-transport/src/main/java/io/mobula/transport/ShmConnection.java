package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * One end of a shared-memory connection: frames (4-byte length + payload, as on every stream transport) are
 * copied into the peer's ring of the shared segment, wrapping around its end; a frame larger than the ring
 * streams through it in pieces into the receiver's growable buffer. The peer's death is noticed by the
 * optional liveness socket (end of stream) or by its process handle, checked while a side parks.
 */
final class ShmConnection extends StreamConnection {

    private final ShmSegment segment;
    private final ShmRing out;
    private final ShmRing in;
    private final SocketChannel link; // liveness link (Unix socket), or null when an upper layer watches
    private final ByteBuffer probe = ByteBuffer.allocate(16);

    ShmConnection(Endpoint remote, FrameHandler handler, TransportOptions options, ShmSegment segment,
                  SocketChannel link, ShmWait wait, Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, ByteBuffer.allocate(4), onFinished);
        this.segment = segment;
        this.out = segment.out(wait);
        this.in = segment.in(wait);
        this.link = link;
        ShmRing.Liveness byPid = segment.pidLiveness();
        ShmRing.Liveness l = link == null ? byPid : () -> {
            IOException e = probeLink();
            return e != null ? e : byPid.check();
        };
        out.liveness(l);
        in.liveness(l);
    }

    /** Non-blocking read on the liveness socket: end of stream means the peer process closed or died. */
    private IOException probeLink() {
        try {
            synchronized (probe) {
                probe.clear();
                if (link.read(probe) < 0) {
                    return new IOException("peer process vanished (liveness link closed)");
                }
            }
            return null;
        } catch (IOException e) {
            return isClosed() ? null : new IOException("peer process vanished: " + e.getMessage(), e);
        }
    }

    @Override
    int readAvailable(ByteBuffer dst) throws IOException {
        return in.read(dst);
    }

    @Override
    void awaitReadable() {
        in.awaitData();
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        out.write(prefix, 0, 4);
        if (header != null) {
            out.write(header, header.position(), header.remaining());
        }
        out.write(body, body.position(), body.remaining());
    }

    @Override
    ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity);
    }

    @Override
    void closeResources() {
        out.closeWriter(); // the peer drains what was sent, then sees an orderly end
        in.closeReader();  // our receive thread stops, the peer's sends fail
        segment.unlink();
    }

    @Override
    void receiverFinished() {
        if (link != null) {
            try {
                link.close(); // after the flags: a peer that sees end of stream finds them set
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, () -> "closing liveness link: " + e);
            }
        }
    }

    @Override
    String technology() {
        return "shm";
    }
}
