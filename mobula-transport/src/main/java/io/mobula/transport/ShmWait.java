package io.mobula.transport;

import java.util.concurrent.locks.LockSupport;

/**
 * How a shared-memory ring side waits for its peer: spin, then yield, then sleep on the ring's doorbell until the
 * peer rings it ({@link ShmRing}). The sleep has a long safety timeout, so a lost wake-up (which the handshake rules
 * out) would cost at most that much; {@link ShmRing#lateWakeups()} counts such timeouts that found the ring ready.
 * Where a side has no doorbell (none could be set up, or the creator of an upgraded connection has not accepted it
 * yet), it parks instead, with a backoff capped at {@code maxParkNanos}, polling the ring.
 *
 * @param spinNanos        busy-spin window ({@link ShmOptions#spin()})
 * @param yieldNanos       window of {@link Thread#yield()} after it ({@link ShmOptions#yield()})
 * @param maxParkNanos     longest single park without a doorbell ({@link ShmOptions#maxPark()})
 * @param bellTimeoutNanos safety timeout of one doorbell sleep ({@link ShmOptions#bellTimeout()})
 */
record ShmWait(long spinNanos, long yieldNanos, long maxParkNanos, long bellTimeoutNanos) {

    /** With the settings of {@link TransportOptions#defaults()}. */
    static final ShmWait DEFAULT = TransportOptions.defaults().shm().waits();

    /** First park length; doubled up to {@link #maxParkNanos}. */
    static final long FIRST_PARK_NANOS = 10_000;

    ShmWait {
        if (spinNanos < 0 || yieldNanos < 0 || maxParkNanos <= 0 || bellTimeoutNanos < 1_000_000) {
            throw new IllegalArgumentException("bad shm wait: spin " + spinNanos + " ns, yield " + yieldNanos
                    + " ns, park " + maxParkNanos + " ns, doorbell timeout " + bellTimeoutNanos + " ns (>= 1 ms)");
        }
    }

    /** The default doorbell timeout with the given polling windows. */
    ShmWait(long spinNanos, long yieldNanos, long maxParkNanos) {
        this(spinNanos, yieldNanos, maxParkNanos, DEFAULT.bellTimeoutNanos);
    }

    /** One waiting episode; reused by its single owner thread, so waiting does not allocate. */
    static final class Waiter {
        private long start;
        private long park;

        void reset() {
            start = System.nanoTime();
            park = FIRST_PARK_NANOS;
        }

        /** Nanoseconds since {@link #reset}. */
        long elapsed() {
            return System.nanoTime() - start;
        }

        /** Parks once, each time twice as long up to {@code max}. */
        void park(Object blocker, long max) {
            LockSupport.parkNanos(blocker, park);
            park = Math.min(max, park * 2);
        }
    }
}
