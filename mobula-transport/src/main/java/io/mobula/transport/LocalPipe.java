package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One direction of an in-JVM connection: a single-producer/single-consumer byte ring. The producer is
 * whoever holds the sending connection's send lock, the consumer is the receiving connection's receive
 * thread. Positions are volatile counters, so data moves without a lock; the lock and conditions are only
 * used to park when the ring is empty (reader) or full (writer). A frame larger than the ring streams
 * through it in pieces, like through a socket buffer; the same shape suits a shared-memory ring.
 */
final class LocalPipe {

    private final ByteBuffer ring;
    private final int capacity;
    private volatile long head; // next byte to read; written by the reader only
    private volatile long tail; // next byte to write; written by the writer only

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    // set under lock by a party about to park, read without lock by the other party after it moved a position
    private volatile boolean readerWaiting;
    private volatile boolean writerWaiting;

    /** The writing side closed: the reader drains what is there, then sees end of stream. */
    private volatile boolean writerClosed;
    /** The reading side closed: writes fail, the reader stops. */
    private volatile boolean readerClosed;

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
            if (readerWaiting) {
                signal(notEmpty);
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
        if (writerWaiting) {
            signal(notFull);
        }
        return total;
    }

    /** Parks until there is something to read, end of stream, or the reader is closed. */
    void awaitData() {
        lock.lock();
        try {
            readerWaiting = true;
            // re-check after publishing readerWaiting: a writer that moved tail before it saw the flag
            // is visible here, one that moves it later will signal
            while (tail == head && !writerClosed && !readerClosed) {
                notEmpty.await(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            readerWaiting = false;
            lock.unlock();
        }
    }

    private void awaitSpace() throws IOException {
        lock.lock();
        try {
            writerWaiting = true;
            while (tail - head == capacity && !writerClosed && !readerClosed) {
                notFull.await(1, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while the peer's ring was full");
        } finally {
            writerWaiting = false;
            lock.unlock();
        }
    }

    private void signal(Condition condition) {
        lock.lock();
        try {
            condition.signalAll();
        } finally {
            lock.unlock();
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
        lock.lock();
        try {
            notEmpty.signalAll();
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
