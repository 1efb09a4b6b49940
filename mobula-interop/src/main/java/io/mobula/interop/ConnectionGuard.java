package io.mobula.interop;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The input of one connection of the bridge as java.rmi reads it: every chunk the socket delivers is handed to a
 * {@link JrmpStreamCheck} (on a virtual thread of the connection's own, which pulls the bytes as a parser would) and
 * reaches java.rmi only once the check has taken all of it in. When the check refuses a call, java.rmi gets the
 * bytes before the one that completed the refused element, then the refusal as an {@code InvalidObjectException}
 * on its next read: java.rmi fails that call with an {@code UnmarshalException} naming the reason, answers the peer
 * with it and closes the connection. No element that would cost more hashing than allowed is ever complete in
 * java.rmi's hands, so it is never inserted into a set.
 */
final class ConnectionGuard extends InputStream {
    private final InputStream raw;
    private final long maxHashWork;
    private final int maxDepth;
    private final long maxReferences;
    /** Guards the hand-over (a lock, not a monitor: the check's virtual thread must not pin its carrier). */
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Bytes handed to java.rmi so far. */
    private long passed;
    // the chunk the check reads; guarded by lock
    private byte[] chunk;
    private int chunkPos;
    private int chunkEnd;
    private boolean end;
    private boolean checkDone;
    /** The check took in every byte handed to it and waits for more: all it had to charge is charged. */
    private boolean checkIdle;
    private InvalidObjectException refusal;
    private long refusedAt;
    private Thread checker;

    ConnectionGuard(InputStream raw, long maxHashWork, int maxDepth, long maxReferences) {
        this.raw = raw;
        this.maxHashWork = maxHashWork;
        this.maxDepth = maxDepth;
        this.maxReferences = maxReferences;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        lock.lock();
        try {
            if (refusal != null && passed >= refusedAt) {
                throw refused();
            }
        } finally {
            lock.unlock();
        }
        int n = raw.read(b, off, len);
        lock.lock();
        try {
            if (checker == null) {
                checker = Thread.ofVirtual().name("mobula-jrmp-check").start(this::check);
            }
            if (n <= 0) {
                end = n < 0;
                changed.signalAll();
                return n;
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
            if (refusal != null) {
                long allowed = refusedAt - passed;
                if (allowed <= 0) {
                    throw refused();
                }
                n = (int) Math.min(n, allowed);
            }
            passed += n;
            return n;
        } finally {
            lock.unlock();
        }
    }

    private InvalidObjectException refused() {
        InvalidObjectException e = new InvalidObjectException(refusal.getMessage());
        e.initCause(refusal);
        return e;
    }

    @Override
    public int available() throws IOException {
        lock.lock();
        try {
            if (refusal != null) {
                return 0;
            }
        } finally {
            lock.unlock();
        }
        return raw.available();
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
     * The check's thread: follows the connection until its end, a refusal, or bytes it cannot follow. It fails
     * closed: whatever way it ends, java.rmi gets no byte the check did not take in.
     */
    private void check() {
        JrmpStreamCheck check = new JrmpStreamCheck(new Chunks(), maxHashWork, maxDepth, maxReferences);
        InvalidObjectException stop;
        long at;
        try {
            check.run();
            // another protocol or an unknown operation, which java.rmi answers by closing the connection
            stop = new InvalidObjectException("the JRMP bridge follows this connection no further");
            at = check.position();
        } catch (InvalidObjectException e) {
            stop = e;
            at = check.position() - 1; // java.rmi never has the byte that completed the refused element
        } catch (IOException e) {
            stop = new InvalidObjectException("the connection ended");
            at = check.position();
        } catch (RuntimeException | Error e) {
            stop = new InvalidObjectException("the JRMP bridge cannot check this call: " + e);
            at = check.position() - 1;
        }
        lock.lock();
        try {
            refusal = stop;
            refusedAt = Math.max(0, at);
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
