package io.mobula.transport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.locks.LockSupport;

/**
 * One direction of a shared-memory connection: a single-producer/single-consumer byte ring inside a
 * memory-mapped file, shared by two processes. The producer is whoever holds the sending connection's send
 * lock, the consumer the receiving connection's receive thread.
 *
 * <p>Ordering: the producer copies bytes, then publishes the tail with a release store; the consumer reads the
 * tail with an acquire load before it reads the bytes, and publishes its head with a release store after it
 * has copied them out (so the producer never overwrites unread bytes). Head and tail sit on cache lines of
 * their own. Positions are 64-bit byte counters that never wrap; the index is {@code position & mask}.
 *
 * <p>Control block (offsets from {@code control}): tail @0, head @128, writer-closed @256, reader-closed @384.
 */
final class ShmRing {

    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    static final int CONTROL_BYTES = 512;
    private static final int TAIL = 0;
    private static final int HEAD = 128;
    private static final int WRITER_CLOSED = 256;
    private static final int READER_CLOSED = 384;

    /** Liveness of the peer process, checked while a side parks. */
    interface Liveness {
        /** Null while the peer lives; otherwise why it is considered gone. */
        IOException check();
    }

    private final ByteBuffer map;
    private final ByteBuffer data; // heap-independent view of the data area, index 0 = first data byte
    private final int control;
    private final int capacity;
    private final int mask;
    private final ShmWait wait;
    private final ShmWait.Waiter readWaiter;
    private final ShmWait.Waiter writeWaiter;
    private Liveness liveness;

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

    ShmRing(ByteBuffer map, int control, int dataOffset, int capacity, ShmWait wait) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two: " + capacity);
        }
        this.map = map;
        this.control = control;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.data = map.slice(dataOffset, capacity);
        this.wait = wait;
        this.readWaiter = new ShmWait.Waiter(wait);
        this.writeWaiter = new ShmWait.Waiter(wait);
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

    /** Copies all of {@code src[from, from + length)} into the ring, waiting while it is full. */
    void write(ByteBuffer src, int from, int length) throws IOException {
        long t = (long) LONG.getOpaque(map, control + TAIL); // we are its only writer
        int done = 0;
        while (done < length) {
            int free = (int) (capacity - (t - cachedHead));
            if (free == 0) {
                cachedHead = head();
                free = (int) (capacity - (t - cachedHead));
                if (free == 0) {
                    awaitSpace(t);
                    continue;
                }
            }
            if (readerClosed()) {
                throw new IOException("connection closed by peer");
            }
            if (writerClosed()) {
                throw new ClosedChannelException();
            }
            int index = (int) (t & mask);
            int n = Math.min(Math.min(free, length - done), capacity - index);
            data.put(index, src, from + done, n);
            t += n;
            done += n;
            LONG.setRelease(map, control + TAIL, t); // publish: bytes first, then the tail
        }
    }

    private void awaitSpace(long t) throws IOException {
        parkedWriter = Thread.currentThread();
        writeWaiter.reset();
        try {
            while (true) {
                cachedHead = head();
                if (t - cachedHead < capacity) {
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
                if (writeWaiter.pause(this)) {
                    IOException gone = checkPeer();
                    if (gone != null) {
                        throw gone;
                    }
                }
            }
        } finally {
            parkedWriter = null;
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
        return total;
    }

    /** Waits until there may be something to read, end of stream, a local close, or a dead peer. */
    void awaitData() {
        parkedReader = Thread.currentThread();
        readWaiter.reset();
        try {
            long h = (long) LONG.getOpaque(map, control + HEAD);
            while (tail() == h && !standBy && !writerClosed() && !readerClosed() && peerGone == null
                    && !Thread.currentThread().isInterrupted()) {
                if (readWaiter.pause(this)) {
                    checkPeer();
                }
            }
        } finally {
            parkedReader = null;
        }
    }

    /** Liveness checks cost a system call or a /proc read: at most one per this interval per ring side. */
    private static final long CHECK_INTERVAL_NANOS = 20_000_000;
    private long lastCheck;

    private IOException checkPeer() {
        Liveness l = liveness;
        if (l == null || peerGone != null) {
            return peerGone;
        }
        long now = System.nanoTime();
        if (now - lastCheck < CHECK_INTERVAL_NANOS) {
            return null;
        }
        lastCheck = now;
        IOException gone = l.check();
        if (gone != null && !writerClosed()) {
            peerGone = gone;
        }
        return gone;
    }

    /** Whether unread bytes are in the ring (or it is closed): a cheap check, no copy. */
    boolean readable() {
        return tail() != (long) LONG.getOpaque(map, control + HEAD) || writerClosed() || peerGone != null;
    }

    // ---- closing ----

    void closeWriter() {
        INT.setRelease(map, control + WRITER_CLOSED, 1);
        wakeLocal();
    }

    void closeReader() {
        INT.setRelease(map, control + READER_CLOSED, 1);
        wakeLocal();
    }

    private void wakeLocal() {
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
}
