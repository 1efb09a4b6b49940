package io.mobula.repmi;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The writes of this process on their way (submitted, not yet applied here), bounded in number and in payload bytes:
 * each replica holds the payloads of a writer's writes until their order comes, and its own replica holds them until
 * they are applied, so this bounds what one writer can make every replica hold. A write larger than the byte budget
 * goes alone (when no other write is on its way), never waits for good. Writers take their turn first come, first
 * served, so a large write is not passed over for good by a stream of small ones.
 */
final class WriteBudget {
    private final int maxWrites;
    private final long maxBytes;
    private int writes;
    private long bytes;
    /** The writers waiting for room, oldest first; only the oldest may take it. */
    private final ArrayDeque<Object> queue = new ArrayDeque<>();

    WriteBudget(int maxWrites, long maxBytes) {
        this.maxWrites = Math.max(1, maxWrites);
        this.maxBytes = Math.max(1, maxBytes);
    }

    /**
     * Takes room for a write of {@code size} payload bytes, waiting at most {@code timeoutNanos}; false if no room
     * came in time.
     */
    synchronized boolean acquire(long size, long timeoutNanos) throws InterruptedException {
        if (queue.isEmpty() && fits(size)) {
            take(size);
            return true;
        }
        Object me = new Object();
        queue.add(me);
        long deadline = System.nanoTime() + timeoutNanos;
        try {
            while (queue.peek() != me || !fits(size)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            take(size);
            return true;
        } finally {
            queue.remove(me); // taken, timed out or interrupted: the next writer may go
            notifyAll();
        }
    }

    /** A write of {@code size} payload bytes is settled: its room is free again. */
    synchronized void release(long size) {
        writes--;
        bytes -= size;
        if (!queue.isEmpty()) {
            notifyAll();
        }
    }

    private boolean fits(long size) {
        return writes < maxWrites && (writes == 0 || bytes + size <= maxBytes);
    }

    private void take(long size) {
        writes++;
        bytes += size;
    }

    /** How many writers wait for room (for tests). */
    synchronized int waiting() {
        return queue.size();
    }

    /** The most writes on their way. */
    int maxWrites() {
        return maxWrites;
    }

    /** The most payload bytes on their way (a single larger write aside). */
    long maxBytes() {
        return maxBytes;
    }
}
