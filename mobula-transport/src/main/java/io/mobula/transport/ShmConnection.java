package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * One end of a shared-memory connection: frames (4-byte length + payload, as on every stream transport) are
 * copied into the peer's ring of the shared segment, wrapping around its end; a frame larger than the ring
 * streams through it in pieces into the receiver's growable buffer. A side waiting for its peer (the receive thread
 * on an empty ring, a sender on a full one) sleeps on the ring's doorbell, which the peer rings when it publishes
 * ({@link ShmRing}). The peer's death is noticed by the doorbell (end of stream), by the optional liveness socket
 * (end of stream) or by its process handle, checked on the doorbell's safety timeout or while a side parks.
 *
 * <p>Receiving: the ring is this connection's {@link ByteSource}, and its {@link ProgressEngine} decides who reads it,
 * as for every stream transport: normally the receive thread, but a caller waiting for its reply may
 * {@link #receiveUntil take the role} and poll the ring itself (Manta-style polling instead of an upcall hand-off),
 * which saves the wake-up of a parked caller, several microseconds on every call. The ring's policy
 * ({@link ProgressEngine.Policy#ring}): the receive thread waits on the ring at once (the ring's wait spins and yields
 * by itself), whoever holds the receive role reads the ring until it is empty, and the receive thread stands by a
 * little longer after a caller got its reply. Whole frames are delivered in place from the mapped memory
 * ({@link #peekFrame}).
 */
final class ShmConnection extends StreamConnection {

    private final ShmSegment segment;
    private final ShmRing out;
    private final ShmRing in;
    private final SocketChannel link; // liveness link (Unix socket), or null when an upper layer watches
    private final ByteBuffer probe = ByteBuffer.allocate(16);

    ShmConnection(Endpoint remote, FrameHandler handler, TransportOptions options, ShmSegment segment,
                  SocketChannel link, ShmWait wait, Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, ByteBuffer.allocate(4), ProgressEngine.Policy.ring(wait.spinNanos()),
                onFinished);
        handshakeDone(); // shared memory is set up only between peers that passed their handshake over TCP: no limit before one
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
        out.hasBell(); // the creator accepts the peer's doorbell connections once they are there
        in.hasBell();
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
    public int readAvailable(ByteBuffer dst) throws IOException {
        return in.read(dst);
    }

    @Override
    public void awaitReadable() {
        in.standBy = false; // only the receive thread waits here; a poller that arrives now sets it again
        in.awaitData();
    }

    /** A caller may poll the ring once the connection started (before, an upgraded link may still deliver). */
    @Override
    public boolean pollable() {
        return engine.startCalled();
    }

    /** Only when the ring is not empty (or closed): looking costs two loads, no system call. */
    @Override
    public boolean readable() {
        return in.readable();
    }

    /** The receive thread's wait on the ring ends: it goes back to its loop and stands by. */
    @Override
    public void pollerArrives() {
        in.standBy = true;
    }

    /** In the upgrade protocol, the peer has opened the segment by the time a receive thread runs. */
    @Override
    public void receiverStarts() {
        out.hasBell();
        in.hasBell();
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        out.write(prefix, 0, 4, false); // published with the frame: the reader then finds it whole
        if (header != null) {
            out.write(header, header.position(), header.remaining(), false);
        }
        out.write(body, body.position(), body.remaining());
        out.flush();
    }

    /** The frame goes straight into the peer's ring: each array is copied once, from the heap to shared memory. */
    @Override
    void writeFrame(FrameParts frame, long frameBytes) throws IOException {
        out.write(prefix, 0, 4, false);
        out.write(frame);
        out.flush();
    }

    /**
     * A frame the ring holds whole and in one piece is delivered straight from the shared memory (the handler decodes
     * from the mapped ring, so a large array is copied once on receive); its bytes are given back to the writer when
     * the handler returns ({@link #consumeFrame}). A frame that wraps around the ring's end or is not all there yet
     * goes through the receive buffer as on other transports.
     */
    @Override
    public ByteBuffer peekFrame(int maxFrameSize) throws IOException {
        return in.peekFrame(maxFrameSize);
    }

    @Override
    public void consumeFrame(int bytes) {
        in.consume(bytes);
    }

    @Override
    public ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity);
    }

    @Override
    void closeResources() {
        out.closeWriter(); // the peer drains what was sent, then sees an orderly end
        in.closeReader();  // our receive thread stops, the peer's sends fail
        segment.closeBells(); // after the flags: a peer that sees end of stream on a doorbell finds them set
        segment.unlink();
        engine.wakeReceiver();
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

    /** Whether both rings have their doorbell (else a side polls with timed parks). */
    boolean doorbells() {
        return in.hasBell() && out.hasBell();
    }

    /** Sleeps of this side (receive thread and senders) ended by the peer's doorbell. */
    long bellWakeups() {
        return in.bellWakeups() + out.bellWakeups();
    }

    /** Doorbell sleeps of this side that ended by the safety timeout with the ring ready: lost or late wake-ups. */
    long lateWakeups() {
        return in.lateWakeupsHere() + out.lateWakeupsHere();
    }

    @Override
    String technology() {
        return "shm";
    }
}
