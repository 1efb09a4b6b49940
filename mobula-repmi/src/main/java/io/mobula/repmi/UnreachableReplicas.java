package io.mobula.repmi;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The replicas a write's payload could not be published to lately, so that a replica cut off from this one costs a
 * report to the pool and a log line once per quiet time, not once per write (a cut link made thousands of each until
 * the pool dropped the replica). A replica skipped meanwhile is not harmed: should it live on, it gets the payload
 * from the others when the write's order comes ({@link Delivery}). Thread-safe; while no publish failed, the hot
 * path ({@link #skip}) is one read of an empty map's size.
 */
final class UnreachableReplicas {
    private final long quietNanos;
    /** Per pool rank: when a publish to it last failed; no entry when none did or it was reached since. */
    private final ConcurrentHashMap<Integer, Long> failedAt = new ConcurrentHashMap<>();

    /** @param quietNanos how long after a failure a replica is skipped and not reported again */
    UnreachableReplicas(long quietNanos) {
        if (quietNanos <= 0) {
            throw new IllegalArgumentException("quietNanos must be positive: " + quietNanos);
        }
        this.quietNanos = quietNanos;
    }

    /**
     * Whether no publish failed lately (no replica is skipped): a caller may then leave out reading the clock for
     * {@link #skip}, which returns false at once in that case.
     */
    boolean isEmpty() {
        return failedAt.isEmpty();
    }

    /** Whether a payload for {@code rank} is left out now: a publish to it failed less than a quiet time ago. */
    boolean skip(int rank, long now) {
        if (failedAt.isEmpty()) {
            return false;
        }
        Long t = failedAt.get(rank);
        return t != null && now - t < quietNanos;
    }

    /**
     * A publish to {@code rank} failed at {@code now}.
     *
     * @return whether to report it (to the pool and the log): the first failure after a quiet time without one
     */
    boolean failed(int rank, long now) {
        Long prev = failedAt.put(rank, now);
        return prev == null || now - prev >= quietNanos;
    }

    /** A publish to {@code rank} went through: it is tried and reported as usual again. */
    void reached(int rank) {
        if (!failedAt.isEmpty()) {
            failedAt.remove(rank);
        }
    }
}
