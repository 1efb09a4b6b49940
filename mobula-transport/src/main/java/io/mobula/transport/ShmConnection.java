package io.mobula.transport;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One end of a shared-memory connection: frames (4-byte length + payload, as on every stream transport) are
 * copied into the peer's ring of the shared segment, wrapping around its end; a frame larger than the ring
 * streams through it in pieces into the receiver's growable buffer. A side waiting for its peer (the receive thread
 * on an empty ring, a sender on a full one) sleeps on the ring's doorbell, which the peer rings when it publishes
 * ({@link ShmRing}). The peer's death is noticed by the doorbell (end of stream), by the optional liveness socket
 * (end of stream) or by its process handle, checked on the doorbell's safety timeout or while a side parks.
 *
 * <p>Receiving: frames are read by whoever holds the receive role ({@link #rx}): normally the receive thread, but
 * a caller waiting for its reply may {@link #receiveUntil take the role} and poll the ring itself (Manta-style
 * polling instead of an upcall hand-off). That saves the wake-up of a parked caller, several microseconds on every
 * call, and a third spinning thread on small machines. While callers poll, the receive thread stands by, parked.
 * The role is never taken concurrently, so frames are still delivered one at a time and in order; the receive
 * thread takes it for good at the end, so onClose follows the last onFrame.
 */
final class ShmConnection extends StreamConnection {

    private final ShmSegment segment;
    private final ShmRing out;
    private final ShmRing in;
    private final SocketChannel link; // liveness link (Unix socket), or null when an upper layer watches
    private final ByteBuffer probe = ByteBuffer.allocate(16);

    /** The receive role; the frame assembly state below is guarded by it. */
    private final ReentrantLock rx = new ReentrantLock();
    private ByteBuffer buf = ByteBuffer.allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN);
    private ByteBuffer view = buf.duplicate();
    private int readPos;
    /** End of stream or failure seen by a poller, for the receive thread to report. */
    private volatile IOException rxFailure;
    private volatile boolean rxEof;
    /** Callers polling now, and when the last one stopped: the receive thread stays parked meanwhile. */
    private final AtomicInteger pollers = new AtomicInteger();
    private volatile long lastPollEnd;
    private volatile Thread receiver;
    private static final long STAND_BY_NANOS = 200_000;

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
    int readAvailable(ByteBuffer dst) throws IOException {
        return in.read(dst);
    }

    @Override
    void awaitReadable() {
        in.awaitData();
    }

    @Override
    boolean receiveLoop() throws IOException {
        receiver = Thread.currentThread();
        out.hasBell(); // in the upgrade protocol, the peer has opened the segment by now
        in.hasBell();
        try {
            while (!isClosed() && !rxEof && rxFailure == null) {
                if (pollers.get() > 0 || System.nanoTime() - lastPollEnd < STAND_BY_NANOS) {
                    LockSupport.parkNanos(this, STAND_BY_NANOS / 2); // a caller drives the ring
                    continue;
                }
                if (!rx.tryLock()) {
                    Thread.onSpinWait();
                    continue;
                }
                boolean eof;
                try {
                    eof = drain();
                } finally {
                    rx.unlock();
                }
                if (eof) {
                    break;
                }
                in.standBy = false;
                awaitReadable();
            }
        } finally {
            rx.lock(); // held for good: no poller delivers a frame after onClose
        }
        if (rxFailure != null) {
            throw rxFailure;
        }
        return false; // never hibernates: the ring has no selectable channel
    }

    /**
     * Delivers frames on the calling thread until {@code done} says so or the poll window ends; see the class
     * comment. Returns whether {@code done} became true. Not for use from inside a handler of this connection.
     */
    @Override
    public boolean receiveUntil(BooleanSupplier done, long windowNanos) {
        if (rx.isHeldByCurrentThread()) {
            return done.getAsBoolean(); // a nested call from inside onFrame: only the receive thread can go on
        }
        pollers.incrementAndGet();
        in.standBy = true;
        boolean got = false;
        try {
            long start = System.nanoTime();
            long spin = in.waitStrategy().spinNanos();
            while (!done.getAsBoolean()) {
                if (isClosed() || rxEof || rxFailure != null) {
                    return false;
                }
                if (in.readable() && rx.tryLock()) {
                    try {
                        if (!isClosed() && !rxEof && rxFailure == null) {
                            rxEof = drain();
                        }
                    } catch (IOException | RuntimeException e) {
                        rxFailure = e instanceof IOException io ? io : new IOException("frame handler failed", e);
                    } finally {
                        rx.unlock();
                    }
                    continue;
                }
                long waited = System.nanoTime() - start;
                if (waited > windowNanos) {
                    return false;
                }
                if (waited < spin) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
            got = true;
            return true;
        } finally {
            // a caller that got its reply may poll again soon: the receive thread stands by a little longer; one that
            // gave up now waits for the receive thread to deliver, which must then watch the ring (on its doorbell)
            lastPollEnd = got ? System.nanoTime() : System.nanoTime() - STAND_BY_NANOS;
            if (pollers.decrementAndGet() == 0 || rxEof || rxFailure != null) {
                Thread r = receiver;
                if (r != null && (!got || in.readable() || rxEof || rxFailure != null)) {
                    LockSupport.unpark(r); // frames nobody waits for, or the end: the receive thread takes over
                }
            }
        }
    }

    /**
     * Reads what the ring holds and delivers every whole frame; returns true at the peer's orderly end. Called with
     * the receive role held.
     */
    private boolean drain() throws IOException {
        while (true) {
            int n = in.read(buf);
            if (n == 0) {
                return false;
            }
            int end = buf.position();
            if (n < 0) {
                if (end > readPos) {
                    throw new EOFException("peer closed in the middle of a frame (" + (end - readPos)
                            + " bytes of it received)");
                }
                return true;
            }
            while (end - readPos >= 4) {
                int len = buf.getInt(readPos);
                if (len < 0 || len > maxFrameSize) {
                    throw new IOException("protocol error: peer announced a frame of " + len
                            + " bytes (maxFrameSize " + maxFrameSize + "); closing " + this);
                }
                if (end - readPos - 4 < len) {
                    ByteBuffer grown = growFor(buf, readPos, end, 4 + len);
                    if (grown != null) {
                        buf = grown;
                        view = grown.duplicate();
                    }
                    break;
                }
                view.limit(readPos + 4 + len).position(readPos + 4);
                countReceived(len);
                handler.onFrame(this, view);
                readPos += 4 + len;
                if (isClosed()) {
                    return false; // closed from inside onFrame: deliver nothing more
                }
            }
            if (readPos == end) {
                if (buf.capacity() > RETAINED_RECEIVE_BUFFER) {
                    buf = ByteBuffer.allocate(INITIAL_RECEIVE_BUFFER).order(ByteOrder.BIG_ENDIAN);
                    view = buf.duplicate();
                    releaseGrowth();
                }
                buf.clear();
                readPos = 0;
            } else if (readPos > 0) {
                buf.limit(end).position(readPos);
                buf.compact();
                readPos = 0;
            }
        }
    }

    @Override
    void releaseReceiveBuffer() {
        rx.lock(); // normally held for good by the receive thread already (reentrant)
        try {
            buf = ByteBuffer.allocate(0);
            view = buf;
            releaseGrowth();
        } finally {
            rx.unlock();
        }
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        out.write(prefix, 0, 4);
        if (header != null) {
            out.write(header, header.position(), header.remaining());
        }
        out.write(body, body.position(), body.remaining());
        out.flush();
    }

    @Override
    ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity);
    }

    @Override
    void closeResources() {
        out.closeWriter(); // the peer drains what was sent, then sees an orderly end
        in.closeReader();  // our receive thread stops, the peer's sends fail
        segment.closeBells(); // after the flags: a peer that sees end of stream on a doorbell finds them set
        segment.unlink();
        Thread r = receiver;
        if (r != null) {
            LockSupport.unpark(r);
        }
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
