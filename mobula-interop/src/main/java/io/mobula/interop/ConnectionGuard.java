package io.mobula.interop;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The input of one connection of the bridge as java.rmi reads it: every chunk the socket delivers is handed to a
 * {@link JrmpStreamCheck} (on a virtual thread of the connection's own, which pulls the bytes as a parser would) and
 * reaches java.rmi only once the check has taken all of it in and asks for more.
 *
 * <p>When the check finds a call over the hashing budget, java.rmi gets the call's bytes up to the one that
 * completed the element over the budget, then an {@code InvalidObjectException} naming the reason on its next read:
 * java.rmi fails that call with an {@code UnmarshalException} and answers the client with it. The rest of the refused
 * call is dropped, and java.rmi's next read gets the connection's next message: the connection goes on. No element
 * over the budget is ever complete in java.rmi's hands, so it is never inserted into a set. When the check stops
 * otherwise (a malformed stream, another protocol, the end of the connection) the guard fails closed: java.rmi gets
 * no byte beyond what the check took in.
 */
final class ConnectionGuard extends InputStream implements JrmpStreamCheck.Cuts {
    private final InputStream raw;
    private final long maxHashWork;
    private final int maxDepth;
    private final long maxReferences;
    /** Guards the hand-over (a lock, not a monitor: the check's virtual thread must not pin its carrier). */
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    /** A refused call: bytes from {@code from} up to {@code to} (-1 until known) never reach java.rmi. */
    private static final class Cut {
        final long from;
        final InvalidObjectException why;
        long to = -1;
        boolean told;

        Cut(long from, InvalidObjectException why) {
            this.from = from;
            this.why = why;
        }
    }

    // guarded by lock
    private final ArrayDeque<Cut> cuts = new ArrayDeque<>();
    private byte[] chunk;
    private int chunkPos;
    private int chunkEnd;
    private boolean end;
    private boolean checkDone;
    /** The check took in every byte handed to it and waits for more: all it had to charge is charged. */
    private boolean checkIdle;
    private InvalidObjectException stop;
    private long stopAt = -1;
    private Thread checker;

    // only java.rmi's reading thread
    /** Position in the connection of the next byte read from the socket. */
    private long rawPos;
    /** Checked bytes that come after an exception java.rmi is still to get, and their position. */
    private byte[] held;
    private long heldAt;
    private InvalidObjectException pending;

    ConnectionGuard(InputStream raw, long maxHashWork, int maxDepth, long maxReferences) {
        this.raw = raw;
        this.maxHashWork = maxHashWork;
        this.maxDepth = maxDepth;
        this.maxReferences = maxReferences;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n;
        do {
            n = read(one, 0, 1);
        } while (n == 0);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (pending != null) {
                InvalidObjectException e = new InvalidObjectException(pending.getMessage());
                e.initCause(pending);
                pending = null;
                throw e;
            }
            if (held == null && stoppedBefore(rawPos)) {
                pending = stop;
                continue;
            }
            int n;
            long start;
            if (held != null) {
                n = Math.min(len, held.length);
                System.arraycopy(held, 0, b, off, n);
                start = heldAt;
                held = n == held.length ? null : Arrays.copyOfRange(held, n, held.length);
                heldAt += n;
            } else {
                n = raw.read(b, off, len);
                if (n <= 0) {
                    handOver(b, off, n);
                    return n;
                }
                start = rawPos;
                rawPos += n;
                handOver(b, off, n);
            }
            int out = deliverable(b, off, n, start);
            if (out > 0) {
                return out;
            }
        }
    }

    /** Whether the check stopped (not at the connection's end) before {@code position}: nothing more will pass. */
    private boolean stoppedBefore(long position) {
        lock.lock();
        try {
            return stopAt >= 0 && position >= stopAt && !end;
        } finally {
            lock.unlock();
        }
    }

    /** Gives the check {@code n} bytes (n < 0: the end) and waits until it took them all in and charged them. */
    private void handOver(byte[] b, int off, int n) {
        lock.lock();
        try {
            if (checker == null) {
                checker = Thread.ofVirtual().name("mobula-jrmp-check").start(this::check);
            }
            if (n <= 0) {
                end = n < 0;
                changed.signalAll();
                return;
            }
            chunk = b;
            chunkPos = off;
            chunkEnd = off + n;
            checkIdle = false;
            changed.signalAll();
            boolean interrupted = false;
            while (!checkIdle && !checkDone) {
                try {
                    changed.await();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            chunk = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Moves to the front of {@code b[off, off + n)} (the checked bytes at {@code start} of the connection) those
     * java.rmi may have now, and returns how many; sets what comes next (an exception, bytes held after it).
     */
    private int deliverable(byte[] b, int off, int n, long start) {
        lock.lock();
        try {
            int w = off;
            long p = start;
            long last = start + n;
            while (p < last) {
                if (stopAt >= 0 && p >= stopAt) {
                    if (w == off) {
                        pending = stop;
                    }
                    break; // fails closed: the rest is never delivered
                }
                Cut c = cuts.peek();
                if (c != null && p >= c.from) {
                    if (!c.told) {
                        // java.rmi gets what came before, then the reason, then what comes after the cut
                        c.told = true;
                        pending = c.why;
                        hold(b, off + (int) (p - start), (int) (last - p), p);
                        break;
                    }
                    if (c.to < 0 || c.to > last) {
                        break; // the refused call goes on beyond these bytes
                    }
                    p = Math.max(p, c.to);
                    cuts.poll();
                    continue;
                }
                long to = last;
                if (c != null) {
                    to = Math.min(to, c.from);
                }
                if (stopAt >= 0) {
                    to = Math.min(to, stopAt);
                }
                System.arraycopy(b, off + (int) (p - start), b, w, (int) (to - p));
                w += (int) (to - p);
                p = to;
            }
            return w - off;
        } finally {
            lock.unlock();
        }
    }

    /** Keeps {@code n} checked bytes at {@code position} for the reads after the pending exception. */
    private void hold(byte[] b, int from, int n, long position) {
        if (n == 0) {
            return;
        }
        byte[] rest = held == null ? new byte[0] : held;
        byte[] h = new byte[n + rest.length];
        System.arraycopy(b, from, h, 0, n);
        System.arraycopy(rest, 0, h, n, rest.length);
        held = h;
        heldAt = position;
    }

    @Override
    public void refused(InvalidObjectException why, long at) {
        lock.lock();
        try {
            cuts.add(new Cut(at, why));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void resumed(long at) {
        lock.lock();
        try {
            cuts.peekLast().to = at;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int available() throws IOException {
        return held != null ? held.length : 0;
    }

    @Override
    public void close() throws IOException {
        lock.lock();
        try {
            end = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        raw.close();
    }

    /**
     * The check's thread: follows the connection until its end, or bytes it refuses or cannot follow. It fails
     * closed: whatever way it ends, java.rmi gets no byte the check did not take in.
     */
    private void check() {
        JrmpStreamCheck check = new JrmpStreamCheck(new Chunks(), this, maxHashWork, maxDepth, maxReferences);
        InvalidObjectException why;
        long at;
        try {
            check.run();
            // another protocol or an unknown operation, which java.rmi answers by closing the connection
            why = new InvalidObjectException("the JRMP bridge follows this connection no further");
            at = check.position();
        } catch (InvalidObjectException e) {
            why = e;
            at = check.position() - 1; // java.rmi never has the byte that completed the refused element
        } catch (IOException e) {
            why = new InvalidObjectException("the connection ended");
            at = check.position();
        } catch (RuntimeException | Error e) {
            why = new InvalidObjectException("the JRMP bridge cannot check this call: " + e);
            at = check.position() - 1;
        }
        lock.lock();
        try {
            stop = why;
            stopAt = Math.max(0, at);
            checkDone = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** What the check reads: the chunks java.rmi's reads deliver, each in turn. */
    private final class Chunks extends InputStream {
        @Override
        public int read() throws IOException {
            lock.lock();
            try {
                if (!await()) {
                    return -1;
                }
                return chunk[chunkPos++] & 0xff;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            lock.lock();
            try {
                if (!await()) {
                    return -1;
                }
                int n = Math.min(len, chunkEnd - chunkPos);
                System.arraycopy(chunk, chunkPos, b, off, n);
                chunkPos += n;
                return n;
            } finally {
                lock.unlock();
            }
        }

        /** Waits for bytes (telling java.rmi's read that the chunk before is checked); false at the end. */
        private boolean await() throws IOException {
            while (chunk == null || chunkPos >= chunkEnd) {
                if (end) {
                    return false;
                }
                checkIdle = true;
                changed.signalAll();
                try {
                    changed.await();
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException("the connection's check was interrupted");
                }
            }
            return true;
        }
    }
}
