package io.mobula.transport;

import java.util.concurrent.locks.LockSupport;

/**
 * How a shared-memory ring side waits for its peer: spin, then yield, then park with a backoff capped at
 * {@code maxParkNanos}. A process in another JVM cannot unpark our thread, so the last phase polls; the cap
 * bounds both the wake-up delay after idleness and the idle CPU (about one cheap wake-up per cap).
 *
 * @param spinNanos    busy-spin window ({@code mobula.shm.spinMicros}, default 20 us with 4+ processors, else 2 us)
 * @param yieldNanos   window of {@link Thread#yield()} after it ({@code mobula.shm.yieldMicros}, default 50 us)
 * @param maxParkNanos longest single park ({@code mobula.shm.maxParkMicros}, default 1000 us)
 */
record ShmWait(long spinNanos, long yieldNanos, long maxParkNanos) {

    static final ShmWait DEFAULT = new ShmWait(
            1000L * Long.getLong("mobula.shm.spinMicros", Runtime.getRuntime().availableProcessors() >= 4 ? 20 : 2),
            1000L * Long.getLong("mobula.shm.yieldMicros", 50),
            1000L * Math.max(1, Long.getLong("mobula.shm.maxParkMicros", 1000)));

    /** First park length; doubled up to {@link #maxParkNanos}. */
    static final long FIRST_PARK_NANOS = 10_000;

    /** One waiting episode; reused by its single owner thread, so waiting does not allocate. */
    static final class Waiter {
        private final ShmWait wait;
        private long start;
        private long park;

        Waiter(ShmWait wait) {
            this.wait = wait;
        }

        void reset() {
            start = 0;
            park = FIRST_PARK_NANOS;
        }

        /** Waits one step; returns true when the step parked (a good moment for liveness checks). */
        boolean pause(Object blocker) {
            long now = System.nanoTime();
            if (start == 0) {
                start = now;
            }
            long waited = now - start;
            if (waited < wait.spinNanos) {
                Thread.onSpinWait();
                return false;
            }
            if (waited < wait.spinNanos + wait.yieldNanos) {
                Thread.yield();
                return false;
            }
            LockSupport.parkNanos(blocker, park);
            park = Math.min(wait.maxParkNanos, park * 2);
            return true;
        }
    }
}
