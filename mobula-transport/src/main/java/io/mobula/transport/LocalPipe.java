package io.mobula.transport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.locks.LockSupport;

/**
 * One direction of an in-JVM connection: a single-producer/single-consumer byte ring. The producer is
 * whoever holds the sending connection's send lock, the consumer is the receiving connection's receive
 * thread. Positions are volatile counters, so data moves without a lock; a side parks only when the ring
 * is empty (reader) or full (writer), and the other side unparks it after moving its position. A frame
 * larger than the ring streams through it in pieces, like through a socket buffer; the same shape suits a
 * shared-memory ring.
 */
final class LocalPipe {

    private final ByteBuffer ring;
    private final int capacity;
    private volatile long head; // next byte to read; written by the reader only
    private volatile long tail; // next byte to write; written by the writer only

    // the thread parked waiting for data / for space, or null; set by that thread itself
    private volatile Thread parkedReader;
    private volatile Thread parkedWriter;

    /** The writing side closed: the reader drains what is there, then sees end of stream. */
    private volatile boolean writerClosed;
    /** The reading side closed: writes fail, the reader stops. */
    private volatile boolean readerClosed;

    /** Parking is bounded so that a lost wake-up could only delay, never hang. */
    private static final long PARK_NANOS = 100_000_000L;

    LocalPipe(int capacity) {
        this.capacity = capacity;
        this.ring = ByteBuffer.allocate(capacity);
    }

    /** Copies all of {@code src[from, from + length)} into the ring, parking while it is full. */
    void write(ByteBuffer src, int from, int length) throws IOException {
        int done = 0;
        while (done < length) {
            if (readerClosed) {
                throw new IOException("connection closed by peer");
            }
            if (writerClosed) {
                throw new ClosedChannelException();
            }
            long t = tail;
            int free = (int) (capacity - (t - head));
            if (free == 0) {
                awaitSpace();
                continue;
            }
            int index = (int) (t % capacity);
            int n = Math.min(Math.min(free, length - done), capacity - index);
            ring.put(index, src, from + done, n);
            tail = t + n;
            done += n;
            Thread reader = parkedReader;
            if (reader != null) {
                LockSupport.unpark(reader);
            }
        }
    }

    /** Moves available bytes into dst without blocking: count, 0 if none, -1 at end of stream. */
    int read(ByteBuffer dst) throws IOException {
        if (readerClosed) {
            throw new ClosedChannelException();
        }
        boolean eof = writerClosed; // read before tail: bytes written before the close are still seen
        long h = head;
        int available = (int) (tail - h);
        if (available == 0) {
            return eof ? -1 : 0;
        }
        int total = Math.min(available, dst.remaining());
        int done = 0;
        while (done < total) {
            int index = (int) ((h + done) % capacity);
            int n = Math.min(total - done, capacity - index);
            dst.put(dst.position(), ring, index, n);
            dst.position(dst.position() + n);
            done += n;
        }
        head = h + total;
        Thread writer = parkedWriter;
        if (writer != null) {
            LockSupport.unpark(writer);
        }
        return total;
    }

    /** Parks until there is something to read, end of stream, or the reader is closed. */
    void awaitData() {
        parkedReader = Thread.currentThread();
        // re-check after publishing parkedReader: a writer that moved tail before it read the field is
        // visible here, one that moves it later unparks us (LockSupport, not a Condition: no allocation)
        while (tail == head && !writerClosed && !readerClosed && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(this, PARK_NANOS);
        }
        parkedReader = null;
    }

    private void awaitSpace() throws IOException {
        parkedWriter = Thread.currentThread();
        try {
            while (tail - head == capacity && !writerClosed && !readerClosed) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedIOException("interrupted while the peer's ring was full");
                }
                LockSupport.parkNanos(this, PARK_NANOS);
            }
        } finally {
            parkedWriter = null;
        }
    }

    void closeWriter() {
        writerClosed = true;
        wakeAll();
    }

    void closeReader() {
        readerClosed = true;
        wakeAll();
    }

    private void wakeAll() {
        Thread t = parkedReader;
        if (t != null) {
            LockSupport.unpark(t);
        }
        t = parkedWriter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
