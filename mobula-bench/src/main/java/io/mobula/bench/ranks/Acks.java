package io.mobula.bench.ranks;

import io.mobula.rmi.RmiConfig;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Acknowledgements a rank waits for, and bounded waits for a condition. Waiting threads poll for {@link #SPIN_NANOS}
 * before they block, as long as a Mobula caller polls for its reply ({@link RmiConfig#pollWindow()}), so an
 * acknowledgement is waited for as an RMI reply is.
 */
public final class Acks {
    /** How long a waiting thread polls before it parks. */
    public static final long SPIN_NANOS = RmiConfig.fromSystemProperties().pollWindow().toNanos();

    private final Semaphore acks = new Semaphore(0);
    private final int rank;
    private final long timeoutMillis;

    /** @param rank the waiting rank, for messages */
    public Acks(int rank, long timeoutMillis) {
        this.rank = rank;
        this.timeoutMillis = timeoutMillis;
    }

    /** One acknowledgement arrived. */
    public void ack() {
        acks.release();
    }

    /** Waits for {@code n} acknowledgements. */
    public void await(int n) throws InterruptedException {
        long spinEnd = System.nanoTime() + SPIN_NANOS;
        while (System.nanoTime() - spinEnd < 0) {
            if (acks.tryAcquire(n)) {
                return;
            }
            Thread.onSpinWait();
        }
        if (!acks.tryAcquire(n, timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("rank " + rank + ": " + acks.availablePermits() + " of " + n
                    + " acknowledgements within " + timeoutMillis + " ms");
        }
    }

    /** Acknowledgements received and not yet waited for (0 between cases when every one was expected). */
    public int surplus() {
        return acks.availablePermits();
    }

    /**
     * Waits until {@code done} holds: polls it for {@link #SPIN_NANOS}, then every {@code parkNanos}, at most
     * {@code timeoutMillis}.
     *
     * @throws IllegalStateException naming {@code what} when it does not hold in time
     */
    public static void until(BooleanSupplier done, long parkNanos, long timeoutMillis, String what) {
        long start = System.nanoTime();
        long spinEnd = start + SPIN_NANOS;
        while (!done.getAsBoolean()) {
            long now = System.nanoTime();
            if (now - spinEnd < 0) {
                Thread.onSpinWait();
                continue;
            }
            if (now - start > TimeUnit.MILLISECONDS.toNanos(timeoutMillis)) {
                throw new IllegalStateException(what + " not within " + timeoutMillis + " ms");
            }
            LockSupport.parkNanos(parkNanos);
        }
    }
}
