package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.locks.LockSupport;
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
 * thread takes it for good at the end, so onClose follows the last onFrame. Frame assembly is the one of
 * {@link StreamConnection} (the ring is a byte source like a socket); so is work a handler gives the receive thread
 * ({@link Connection#runAfterFrame}), which runs with the role released: the thread's own nested calls poll the ring
 * like any caller's, without making the receive thread stand by afterwards.
 */
final class ShmConnection extends StreamConnection {

    private final ShmSegment segment;
    private final ShmRing out;
    private final ShmRing in;
    private final SocketChannel link; // liveness link (Unix socket), or null when an upper layer watches
    private final ByteBuffer probe = ByteBuffer.allocate(16);

    /** When the last polling caller that got its reply stopped: the receive thread stands by a little longer. */
    private volatile long lastPollEnd;
    private static final long STAND_BY_NANOS = 200_000;

    ShmConnection(Endpoint remote, FrameHandler handler, TransportOptions options, ShmSegment segment,
                  SocketChannel link, ShmWait wait, Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, ByteBuffer.allocate(4), onFinished);
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
        boolean handedOver = false;
        try {
            while (!isClosed() && !rxEnded && rxFailure == null) {
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
                    eof = drain(true);
                } finally {
                    rx.unlock();
                }
                boolean worked = hasHandedOffWork();
                if (worked && runHandedOffWork()) {
                    handedOver = true; // another receive thread took over while the work ran: this one ends
                    return true;
                }
                if (eof) {
                    break;
                }
                if (worked) {
                    continue; // frames may wait in the receive buffer, not in the ring
                }
                in.standBy = false;
                awaitReadable();
            }
        } finally {
            if (!handedOver) {
                rx.lock(); // held for good: no poller delivers a frame after onClose
            }
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
        if (rx.isHeldByCurrentThread() || !startCalled()) {
            // a nested call from inside onFrame: only the receive thread can go on; before start, frames in the ring
            // are not to be delivered yet (an upgraded link may still be delivering the frames they follow)
            return done.getAsBoolean();
        }
        pollers.incrementAndGet();
        in.standBy = true;
        boolean got = false;
        try {
            long start = System.nanoTime();
            long spin = in.waitStrategy().spinNanos();
            while (!done.getAsBoolean()) {
                if (isClosed() || rxEnded || rxFailure != null) {
                    return false;
                }
                if ((in.readable() || hasBufferedFrames()) && rx.tryLock()) {
                    try {
                        if (!isClosed() && !rxEnded && rxFailure == null) {
                            rxEnded = drain(false);
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
            // gave up now waits for the receive thread to deliver, which must then watch the ring (on its doorbell).
            // The receive thread itself, polling inside work it runs, goes back to its loop at once: no stand-by.
            if (Thread.currentThread() != receiver) {
                lastPollEnd = got ? System.nanoTime() : System.nanoTime() - STAND_BY_NANOS;
            }
            if (pollers.decrementAndGet() == 0 || rxEnded || rxFailure != null) {
                Thread r = receiver;
                if (r != null && (!got || in.readable() || rxEnded || rxFailure != null)) {
                    LockSupport.unpark(r); // frames nobody waits for, or the end: the receive thread takes over
                }
            }
        }
    }

    /**
     * Reads what the ring holds and delivers every whole frame; returns true at the peer's orderly end or when a
     * handler closed the connection. Stops early after a frame whose handler gave the receive loop work. Called with
     * the receive role held; {@code loop}: by the receive loop (which may be given work), else by a polling caller.
     */
    private boolean drain(boolean loop) throws IOException {
        while (true) {
            int n = loop ? loopReceiveOnce() : receiveOnce();
            if (n == 0) {
                return false;
            }
            if (n < 0) {
                return true;
            }
            if (hasHandedOffWork()) {
                return false;
            }
        }
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
     * the handler returns. A frame that wraps around the ring's end or is not all there yet goes through the receive
     * buffer as on other transports.
     */
    @Override
    int deliverInPlace() throws IOException {
        ByteBuffer frame = in.peekFrame(maxFrameSize);
        if (frame == null) {
            return 0;
        }
        int len = frame.remaining();
        try {
            return deliverHeld(frame, len);
        } finally {
            in.consume(4 + len);
        }
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
