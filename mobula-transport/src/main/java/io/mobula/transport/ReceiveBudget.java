package io.mobula.transport;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory that receive buffers of a process may hold beyond their initial size, shared by all connections of
 * all transports configured with the same {@link TransportOptions#receiveBudget() limit}. A connection reserves
 * before it grows its buffer and gives the bytes back when the buffer shrinks or the connection closes, so many
 * peers announcing large frames cannot together exhaust the heap or direct memory.
 */
final class ReceiveBudget {

    private static final ConcurrentMap<Long, ReceiveBudget> BY_LIMIT = new ConcurrentHashMap<>();

    private final long limit;
    private final AtomicLong reserved = new AtomicLong();

    private ReceiveBudget(long limit) {
        this.limit = limit;
    }

    /** The process-wide budget of the given limit (one instance per distinct limit). */
    static ReceiveBudget of(long limit) {
        return BY_LIMIT.computeIfAbsent(limit, ReceiveBudget::new);
    }

    /** The most bytes that may be reserved together. */
    long limit() {
        return limit;
    }

    /** The bytes reserved now. */
    long reserved() {
        return reserved.get();
    }

    /** Reserves {@code bytes} (> 0) if that stays within the limit; returns whether it did. */
    boolean tryReserve(long bytes) {
        while (true) {
            long now = reserved.get();
            if (bytes > limit - now) {
                return false;
            }
            if (reserved.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /** Gives back {@code bytes} reserved earlier. */
    void release(long bytes) {
        if (bytes > 0) {
            reserved.addAndGet(-bytes);
        }
    }

    @Override
    public String toString() {
        return "receive budget " + limit + " bytes (" + reserved.get() + " reserved)";
    }
}
