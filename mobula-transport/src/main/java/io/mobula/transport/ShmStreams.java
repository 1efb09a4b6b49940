package io.mobula.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A byte-stream view of a shared-memory segment, for protocols that are streams rather than frames (such as
 * java.rmi's JRMP over a socket): {@link #input()} reads the ring the peer writes, {@link #output()} writes the ring
 * the peer reads. Obtained from {@link SharedMemory.Segment#streams()} on both sides of an upgraded connection.
 *
 * <p>Writing copies into the ring and waits while it is full; {@link OutputStream#flush()} publishes to a reader
 * asleep on the doorbell (bytes written without a flush are visible to a reader that polls, but a sleeping reader
 * hears of them only at the flush, or when the writer has to wait for space). Reading returns what the ring holds,
 * at least one byte, and blocks while it is empty: spinning briefly, then asleep on the ring's doorbell
 * ({@link ShmRing}, {@link ShmWait}), never in a busy loop. A blocked read ends with
 * <ul>
 *   <li>the bytes, when the peer writes and flushes;</li>
 *   <li>-1 once the peer closed its output and every byte before the close was read;</li>
 *   <li>an {@link IOException} when this side is {@link #close() closed} (from any thread), when the peer process
 *       dies (its doorbell ends, or its pid is gone), or a {@link SocketTimeoutException} after the
 *       {@link #readTimeout read timeout}; an {@link InterruptedIOException} when the reading thread is
 *       interrupted (its interrupt status stays set).</li>
 * </ul>
 * One thread reads and one thread writes at a time (each stream is locked on use); closing takes no lock.
 */
public final class ShmStreams implements AutoCloseable {

    private final ShmSegment segment;
    private final ShmRing in;
    private final ShmRing out;
    private final Input input = new Input();
    private final Output output = new Output();
    private volatile boolean closed;
    private volatile long readTimeoutNanos;

    ShmStreams(ShmSegment segment, ShmWait wait) {
        this.segment = segment;
        this.in = segment.in(wait);
        this.out = segment.out(wait);
        ShmRing.Liveness byPid = segment.pidLiveness();
        in.liveness(byPid);
        out.liveness(byPid);
        in.hasBell(); // the creator accepts the peer's doorbell connections once they are there
        out.hasBell();
    }

    /** The stream of bytes the peer writes. */
    public InputStream input() {
        return input;
    }

    /** The stream of bytes the peer reads. */
    public OutputStream output() {
        return output;
    }

    /**
     * Sets how long one read may block; 0 (the default) waits without a bound until data, end of stream, a close
     * or the peer's death.
     *
     * @throws IllegalArgumentException if negative
     */
    public void readTimeout(int millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("negative read timeout: " + millis);
        }
        readTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** Ends the output: the peer reads what was written, then end of stream. Reading goes on. */
    public void shutdownOutput() {
        out.closeWriter();
    }

    /** Whether {@link #close} was called. */
    public boolean isClosed() {
        return closed;
    }

    /** Whether both rings have their doorbell, so that waits sleep in the kernel rather than poll with parks. */
    public boolean doorbells() {
        return in.hasBell() && out.hasBell();
    }

    /**
     * Closes both directions: the peer reads what was written, then end of stream, and its writes fail; reads and
     * writes of this side blocked in other threads fail at once with an {@link IOException}. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        out.closeWriter();
        in.closeReader();
        segment.closeBells(); // after the flags: a peer that sees end of stream on a doorbell finds them set
        segment.unlink();
    }

    private IOException closedException() {
        return new IOException("shared-memory stream closed");
    }

    private final class Input extends InputStream {
        private final byte[] one = new byte[1];
        private byte[] wrapped;
        private ByteBuffer buffer;

        @Override
        public int read() throws IOException {
            synchronized (this) {
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            synchronized (this) {
                if (len == 0) {
                    return 0;
                }
                ByteBuffer dst = wrap(b, off, len);
                long timeout = readTimeoutNanos;
                long deadline = timeout == 0 ? 0 : System.nanoTime() + timeout;
                while (true) {
                    if (closed) {
                        throw closedException();
                    }
                    int n = in.read(dst);
                    if (n != 0) {
                        return n;
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        throw new InterruptedIOException("interrupted while reading shared memory");
                    }
                    long left = Long.MAX_VALUE;
                    if (deadline != 0) {
                        left = deadline - System.nanoTime();
                        if (left <= 0) {
                            throw new SocketTimeoutException("Read timed out");
                        }
                    }
                    in.awaitData(left);
                }
            }
        }

        private ByteBuffer wrap(byte[] b, int off, int len) {
            if (b != wrapped) {
                wrapped = b;
                buffer = ByteBuffer.wrap(b);
            }
            buffer.clear();
            return buffer.limit(off + len).position(off);
        }

        @Override
        public int available() throws IOException {
            if (closed) {
                throw closedException();
            }
            return in.unread();
        }

        @Override
        public void close() {
            ShmStreams.this.close();
        }
    }

    private final class Output extends OutputStream {
        private final byte[] one = new byte[1];
        private byte[] wrapped;
        private ByteBuffer buffer;

        @Override
        public void write(int b) throws IOException {
            synchronized (this) {
                one[0] = (byte) b;
                write(one, 0, 1);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            synchronized (this) {
                if (closed) {
                    throw closedException();
                }
                if (b != wrapped) {
                    wrapped = b;
                    buffer = ByteBuffer.wrap(b);
                }
                out.write(buffer, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (this) {
                if (closed) {
                    throw closedException();
                }
                out.flush();
            }
        }

        @Override
        public void close() {
            ShmStreams.this.close();
        }
    }
}
