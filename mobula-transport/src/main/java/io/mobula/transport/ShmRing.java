package io.mobula.transport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * One direction of a shared-memory connection: a single-producer/single-consumer byte ring inside a
 * memory-mapped file, shared by two processes. The producer is whoever holds the sending connection's send
 * lock, the consumer the receiving connection's receive thread (or a caller holding its receive role).
 *
 * <p>Ordering: the producer copies bytes, then publishes the tail with a release store; the consumer reads the
 * tail with an acquire load before it reads the bytes, and publishes its head with a release store after it
 * has copied them out (so the producer never overwrites unread bytes). Head and tail sit on cache lines of
 * their own. Positions are 64-bit byte counters that never wrap; the index is {@code position & mask}.
 *
 * <p>Waiting: a side that finds the ring empty (reader) or full (writer) spins, yields, then sleeps on the ring's
 * <em>doorbell</em> ({@link ShmBell}), a Unix-domain socket between the two processes, one per ring: another JVM
 * cannot unpark our thread, but it can write a byte that ends our wait in the kernel. Each end has one sleeper: the
 * reader's end receives "data" bytes, the writer's end "space" bytes. The handshake (a sleeping flag per side in the
 * control block) makes the waker's common case, nobody asleep, a fence and a plain load with no system call:
 *
 * <pre>
 *   sleeper (e.g. the reader)                        waker (the writer)
 *   -------------------------                        ------------------
 *   spin, yield: ring still empty                    copy bytes into the ring
 *   sleeping := 1                                    tail := t                  (release)
 *   full fence                                       full fence
 *   ring empty? (tail, closed flags) --no--> go      sleeping == 1 ?  --no--> done (the fast path)
 *        | yes                                            | yes
 *   read bell socket (select, 100 ms safety timeout) CAS sleeping 1 -> 0 ?  --lost--> done
 *        |  &lt;------------------ one byte ---------------  write 1 byte to the bell socket
 *   sleeping := 0, drain the bytes, look again
 * </pre>
 *
 * The two fences order "flag, then look" against "publish, then look": either the sleeper sees the new tail and
 * does not sleep, or the waker sees the flag and rings, so no wake-up is lost; a byte that arrives late (the sleeper
 * woke for another reason) only makes the next sleep return once at once. The writer waiting for space works the
 * same way with the roles swapped (the reader publishes its head, then checks the writer's flag). Closing sets the
 * ring's closed flag and rings, so a peer asleep on the ring wakes; a local close wakes the selector of its own
 * process. A peer that dies closes its socket ends: the sleeper sees end of stream at once. The safety timeout is a
 * backstop only: a timeout that finds the ring ready is counted ({@link #lateWakeups()}).
 *
 * <p>Control block: see {@link ShmLayout}.
 */
final class ShmRing {

    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    static final int CONTROL_BYTES = ShmLayout.CONTROL_BYTES;
    private static final int TAIL = ShmLayout.TAIL;
    private static final int HEAD = ShmLayout.HEAD;
    private static final int WRITER_CLOSED = ShmLayout.WRITER_CLOSED;
    private static final int READER_CLOSED = ShmLayout.READER_CLOSED;
    private static final int READER_SLEEPING = ShmLayout.READER_SLEEPING;
    private static final int WRITER_SLEEPING = ShmLayout.WRITER_SLEEPING;

    /** Doorbell timeouts, process-wide, that found their ring ready: wake-ups that were lost or late. */
    private static final LongAdder LATE_WAKEUPS = new LongAdder();

    /** Liveness of the peer process, checked while a side parks. */
    interface Liveness {
        /** Null while the peer lives; otherwise why it is considered gone. */
        IOException check();
    }

    private final ByteBuffer map;
    private final ByteBuffer data; // heap-independent view of the data area, index 0 = first data byte
    /** The producer's own view of the data area, positioned on the free bytes for {@link #write(FrameParts)}. */
    private final ByteBuffer writeView;
    private final BufferViews writeViews;
    private final int control;
    private final int capacity;
    private final int mask;
    private final ShmWait wait;
    private final ShmWait.Waiter readWaiter = new ShmWait.Waiter();
    private final ShmWait.Waiter writeWaiter = new ShmWait.Waiter();
    private Liveness liveness;
    /** Where this side's doorbell comes from (null: none), and the bell once there. */
    private final Supplier<ShmBell> bells;
    private volatile ShmBell bell;

    // counters of this ring side (single writer: its sleeper), for tests and diagnostics
    private volatile long bellWakeups;
    private volatile long lateWakeups;

    /** The producer's tail: ahead of the published one while bytes wait to be published with the next ones. */
    private long produced;
    /** The consumer's view of the data area for frames read in place ({@link #peekFrame}). */
    private final ByteBuffer readView;

    // local caches of the other side's counter: re-read only when they say "empty" / "full"
    private long cachedTail;
    private long cachedHead;

    // threads of THIS process parked on the ring, so a local close can wake them at once
    private volatile Thread parkedReader;
    private volatile Thread parkedWriter;
    /** Set while another thread of this process polls the ring: the receive thread's wait then ends. */
    volatile boolean standBy;
    /** Why the peer is gone, once the liveness check failed. */
    private volatile IOException peerGone;

    ShmRing(ByteBuffer map, int control, int dataOffset, int capacity, ShmWait wait, Supplier<ShmBell> bells) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two: " + capacity);
        }
        this.map = map;
        this.control = control;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.data = map.slice(dataOffset, capacity);
        this.writeView = data.duplicate();
        this.writeViews = new BufferViews(writeView);
        this.readView = data.duplicate();
        this.produced = (long) LONG.getOpaque(map, control + TAIL); // this side is its only writer
        this.wait = wait;
        this.bells = bells;
    }

    void liveness(Liveness l) {
        this.liveness = l;
    }

    int capacity() {
        return capacity;
    }

    private long tail() {
        return (long) LONG.getAcquire(map, control + TAIL);
    }

    private long head() {
        return (long) LONG.getAcquire(map, control + HEAD);
    }

    boolean writerClosed() {
        return (int) INT.getAcquire(map, control + WRITER_CLOSED) != 0;
    }

    boolean readerClosed() {
        return (int) INT.getAcquire(map, control + READER_CLOSED) != 0;
    }

    // ---- producer ----

    /**
     * Copies all of {@code src[from, from + length)} into the ring, waiting while it is full. The reader learns of
     * the bytes at the next {@link #flush} (or when this waits for space): one doorbell check per frame, not per piece.
     */
    void write(ByteBuffer src, int from, int length) throws IOException {
        write(src, from, length, true);
    }

    /**
     * As {@link #write(ByteBuffer, int, int)}; with {@code publish} false the bytes are published only with the next
     * bytes written (a length prefix goes out with its frame, so a reader finds whole frames it can read in place).
     */
    void write(ByteBuffer src, int from, int length, boolean publish) throws IOException {
        long t = produced;
        int done = 0;
        while (done < length) {
            int free = free(t);
            if (free == 0) {
                continue;
            }
            int index = (int) (t & mask);
            int n = Math.min(Math.min(free, length - done), capacity - index);
            data.put(index, src, from + done, n);
            t += n;
            done += n;
            produced = t;
            if (publish) {
                LONG.setRelease(map, control + TAIL, t); // publish: bytes first, then the tail
            }
        }
    }

    /**
     * Copies the rest of {@code frame} into the ring, as {@link #write(ByteBuffer, int, int)} does: its arrays go
     * straight from the heap into the mapped ring, split at the ring's end (an element too, if it straddles it).
     */
    void write(FrameParts frame) throws IOException {
        long t = produced;
        ByteBuffer dst = writeView;
        while (!frame.done()) {
            int free = free(t);
            if (free == 0) {
                continue;
            }
            int index = (int) (t & mask);
            dst.limit(index + Math.min(free, capacity - index)).position(index);
            t += frame.fill(dst, writeViews);
            produced = t;
            LONG.setRelease(map, control + TAIL, t);
        }
    }

    /**
     * The bytes the producer may write at tail {@code t} now; 0 after it waited for space (the caller asks again).
     * Fails if either side closed.
     */
    private int free(long t) throws IOException {
        int free = (int) (capacity - (t - cachedHead));
        if (free == 0) {
            cachedHead = head();
            free = (int) (capacity - (t - cachedHead));
            if (free == 0) {
                LONG.setRelease(map, control + TAIL, t); // what is unpublished must be readable, or none moves
                awaitSpace(t);
                return 0;
            }
        }
        if (readerClosed()) {
            throw new IOException("connection closed by peer");
        }
        if (writerClosed()) {
            throw new ClosedChannelException();
        }
        return free;
    }

    /** Rings the reader's doorbell if it sleeps; after {@link #write}. Without a sleeper: a fence and a load. */
    void flush() {
        LONG.setRelease(map, control + TAIL, produced); // bytes written unpublished (an empty frame's prefix)
        ringReader();
    }

    /** The doorbell part of {@link #flush}, for any thread: publishes nothing. */
    private void ringReader() {
        VarHandle.fullFence(); // orders the tail store before the flag load (the sleeper orders them the other way)
        if ((int) INT.getOpaque(map, control + READER_SLEEPING) != 0) {
            wake(READER_SLEEPING);
        }
    }

    /** Rings the writer's doorbell if it sleeps; after the head moved. */
    private void signalWriter() {
        VarHandle.fullFence();
        if ((int) INT.getOpaque(map, control + WRITER_SLEEPING) != 0) {
            wake(WRITER_SLEEPING);
        }
    }

    /** Takes the peer's sleeping flag (only one waker sends a byte per sleep) and rings. */
    private void wake(int flag) {
        if (INT.compareAndSet(map, control + flag, 1, 0)) {
            ShmBell b = bell();
            if (b != null) {
                b.ring();
            }
        }
    }

    /** This side's doorbell, fetched from the segment until it is there; null while there is none. */
    private ShmBell bell() {
        ShmBell b = bell;
        if (b == null && bells != null) {
            b = bells.get();
            if (b != null) {
                bell = b;
            }
        }
        return b;
    }

    private boolean hasSpace(long t) {
        cachedHead = head();
        return t - cachedHead < capacity;
    }

    private void awaitSpace(long t) throws IOException {
        flush(); // a reader asleep must hear of what we wrote, or neither side would ever move
        parkedWriter = Thread.currentThread();
        writeWaiter.reset();
        try {
            while (true) {
                if (hasSpace(t)) {
                    return;
                }
                if (readerClosed()) {
                    throw new IOException("connection closed by peer");
                }
                if (writerClosed()) {
                    throw new ClosedChannelException();
                }
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("interrupted while the peer's ring was full");
                }
                int step = waitStep(writeWaiter, WRITER_SLEEPING, t, Long.MAX_VALUE);
                if (step == PARKED) {
                    IOException gone = checkPeer(false);
                    if (gone != null) {
                        throw gone;
                    }
                } else if (step == TIMED_OUT) {
                    IOException gone = checkPeer(true);
                    if (gone != null) {
                        throw gone;
                    }
                } else if (step == BELL_ENDED && !readerClosed() && !writerClosed() && !hasSpace(t)) {
                    throw new IOException("peer process vanished (doorbell closed)");
                }
            }
        } finally {
            parkedWriter = null;
        }
    }

    // ---- waiting ----

    private static final int AGAIN = 0;
    private static final int PARKED = 1;
    private static final int TIMED_OUT = 2;
    private static final int BELL_ENDED = 3;

    /** Whether the side waiting on {@code flag} can go on: {@code pos} is the reader's head or the writer's tail. */
    private boolean ready(int flag, long pos) {
        if (flag == READER_SLEEPING) {
            return tail() != pos || standBy || writerClosed() || readerClosed() || peerGone != null
                    || Thread.currentThread().isInterrupted();
        }
        return hasSpace(pos) || readerClosed() || writerClosed() || Thread.currentThread().isInterrupted();
    }

    /**
     * One step of waiting: spin, yield, then sleep on the doorbell (see the class comment), or park where there is
     * none. Returns {@link #AGAIN}, {@link #PARKED} (parked without a doorbell: time for a liveness check),
     * {@link #TIMED_OUT} (the doorbell's safety timeout passed) or {@link #BELL_ENDED} (the peer's end is closed).
     * A sleep or park lasts at most {@code maxSleepNanos} (a caller's own deadline).
     */
    private int waitStep(ShmWait.Waiter waiter, int flag, long pos, long maxSleepNanos) {
        long waited = waiter.elapsed();
        if (waited < wait.spinNanos()) {
            Thread.onSpinWait();
            return AGAIN;
        }
        if (waited < wait.spinNanos() + wait.yieldNanos()) {
            Thread.yield();
            return AGAIN;
        }
        ShmBell b = bell();
        if (b == null) {
            waiter.park(this, Math.max(1, Math.min(wait.maxParkNanos(), maxSleepNanos)));
            return PARKED;
        }
        INT.setOpaque(map, control + flag, 1);
        VarHandle.fullFence(); // orders the flag store before the loads of the ring (the waker: the other way)
        if (ready(flag, pos)) {
            INT.setOpaque(map, control + flag, 0);
            return AGAIN;
        }
        long start = System.nanoTime();
        int r = b.await(Math.min(wait.bellTimeoutNanos(), maxSleepNanos));
        INT.setOpaque(map, control + flag, 0); // a waker that took it first sent a byte: it is drained next time
        switch (r) {
            case ShmBell.RUNG -> {
                bellWakeups = bellWakeups + 1;
                return AGAIN;
            }
            case ShmBell.ENDED -> {
                return BELL_ENDED;
            }
            case ShmBell.NOTHING -> {
                if (System.nanoTime() - start < wait.bellTimeoutNanos() * 9 / 10) {
                    return AGAIN; // woken from inside this process (close, interrupt)
                }
                if (ready(flag, pos) && !standBy) {
                    lateWakeups = lateWakeups + 1;
                    LATE_WAKEUPS.increment();
                    StreamConnection.LOG.log(System.Logger.Level.DEBUG, "shm doorbell: a wake-up came late");
                }
                return TIMED_OUT;
            }
            default -> {
                return AGAIN; // closed locally: the closed flags end the wait
            }
        }
    }

    // ---- consumer ----

    /** Moves available bytes into dst without blocking: count, 0 if none, -1 at end of stream. */
    int read(ByteBuffer dst) throws IOException {
        if (readerClosed()) {
            throw new ClosedChannelException();
        }
        long h = (long) LONG.getOpaque(map, control + HEAD); // we are its only writer
        int available = (int) (cachedTail - h);
        if (available == 0) {
            boolean eof = writerClosed(); // before the tail: bytes written before the close are still seen
            cachedTail = tail();
            available = (int) (cachedTail - h);
            if (available == 0) {
                if (eof) {
                    return -1;
                }
                IOException gone = peerGone;
                if (gone != null) {
                    throw gone;
                }
                return 0;
            }
        }
        int total = Math.min(available, dst.remaining());
        int done = 0;
        while (done < total) {
            int index = (int) ((h + done) & mask);
            int n = Math.min(total - done, capacity - index);
            dst.put(dst.position(), data, index, n);
            dst.position(dst.position() + n);
            done += n;
        }
        LONG.setRelease(map, control + HEAD, h + total);
        signalWriter();
        return total;
    }

    /**
     * The next frame, if the ring holds all of it (length prefix and payload) in one piece: a view of its payload in
     * the mapped ring, valid until {@link #consume}; else null (the frame is not all there, wraps around the ring's
     * end, or has a length the caller must refuse: it reads through {@link #read} instead).
     */
    ByteBuffer peekFrame(int maxFrameSize) throws IOException {
        if (readerClosed()) {
            throw new ClosedChannelException();
        }
        long h = (long) LONG.getOpaque(map, control + HEAD);
        int available = (int) (cachedTail - h);
        if (available < 4) {
            cachedTail = tail();
            available = (int) (cachedTail - h);
            if (available < 4) {
                return null;
            }
        }
        int index = (int) (h & mask);
        if (index > capacity - 4) {
            return null;
        }
        int len = data.getInt(index); // the big-endian length prefix
        if (len < 0 || len > maxFrameSize || len > capacity - 4 - index) {
            return null;
        }
        if (available - 4 < len) {
            cachedTail = tail();
            if ((int) (cachedTail - h) - 4 < len) {
                return null;
            }
        }
        return readView.limit(index + 4 + len).position(index + 4);
    }

    /** Gives {@code n} bytes read in place back to the writer. */
    void consume(int n) {
        long h = (long) LONG.getOpaque(map, control + HEAD);
        LONG.setRelease(map, control + HEAD, h + n);
        signalWriter();
    }

    /** Waits until there may be something to read, end of stream, a local close, or a dead peer. */
    void awaitData() {
        awaitData(Long.MAX_VALUE);
    }

    /**
     * As {@link #awaitData()}, but returns after about {@code timeoutNanos} at the latest (a reader's own timeout;
     * {@link Long#MAX_VALUE}: none). The caller looks at the ring again to learn why it returned.
     */
    void awaitData(long timeoutNanos) {
        parkedReader = Thread.currentThread();
        readWaiter.reset();
        long deadline = timeoutNanos == Long.MAX_VALUE ? 0 : System.nanoTime() + timeoutNanos;
        try {
            long h = (long) LONG.getOpaque(map, control + HEAD);
            while (!ready(READER_SLEEPING, h)) {
                long left = Long.MAX_VALUE;
                if (deadline != 0) {
                    left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return;
                    }
                }
                int step = waitStep(readWaiter, READER_SLEEPING, h, left);
                if (step == PARKED) {
                    checkPeer(false);
                } else if (step == TIMED_OUT) {
                    checkPeer(true);
                } else if (step == BELL_ENDED) {
                    if (!writerClosed() && !readerClosed() && peerGone == null) {
                        peerGone = new IOException("peer process vanished (doorbell closed)");
                    }
                    return;
                }
            }
        } finally {
            parkedReader = null;
        }
    }

    /** Liveness checks cost a system call or a /proc read: at most one per this interval per ring side. */
    private static final long CHECK_INTERVAL_NANOS = 20_000_000;
    private long lastCheck;

    private IOException checkPeer(boolean now) {
        Liveness l = liveness;
        if (l == null || peerGone != null) {
            return peerGone;
        }
        long time = System.nanoTime();
        if (!now && time - lastCheck < CHECK_INTERVAL_NANOS) {
            return null;
        }
        lastCheck = time;
        IOException gone = l.check();
        if (gone != null && !writerClosed()) {
            peerGone = gone;
        }
        return gone;
    }

    /** How many bytes the reader could take now without waiting (0 when closed or empty). */
    int unread() {
        if (readerClosed()) {
            return 0;
        }
        return (int) Math.max(0, tail() - (long) LONG.getOpaque(map, control + HEAD));
    }

    /** Whether unread bytes are in the ring (or it is closed): a cheap check, no copy. */
    boolean readable() {
        return tail() != (long) LONG.getOpaque(map, control + HEAD) || writerClosed() || peerGone != null;
    }

    // ---- closing ----

    void closeWriter() {
        INT.setVolatile(map, control + WRITER_CLOSED, 1);
        ringReader(); // a peer asleep on the empty ring wakes and sees the end
        wakeLocal();
    }

    void closeReader() {
        INT.setVolatile(map, control + READER_CLOSED, 1);
        signalWriter(); // a peer asleep on the full ring wakes and fails
        wakeLocal();
    }

    /** Ends the waits of this process's threads on this ring (they re-check the ring and the flags). */
    void wakeLocal() {
        ShmBell b = bell;
        if (b != null) {
            b.wakeup();
        }
        Thread t = parkedReader;
        if (t != null) {
            LockSupport.unpark(t);
        }
        t = parkedWriter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    ShmWait waitStrategy() {
        return wait;
    }

    /** Whether this side has its doorbell (otherwise it polls with timed parks). */
    boolean hasBell() {
        return bell() != null;
    }

    /** Sleeps of this side ended by the peer's doorbell byte. */
    long bellWakeups() {
        return bellWakeups;
    }

    /** Doorbell sleeps of this side that ran into the safety timeout with the ring ready (lost or late wake-ups). */
    long lateWakeupsHere() {
        return lateWakeups;
    }

    /** {@link #lateWakeupsHere} summed over all rings of this process. */
    static long lateWakeups() {
        return LATE_WAKEUPS.sum();
    }
}
