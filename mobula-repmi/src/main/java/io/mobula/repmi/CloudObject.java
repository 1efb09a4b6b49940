package io.mobula.repmi;

import java.io.Serializable;

/**
 * Base class of every object in a cloud, root or node (thesis 4.2.1). It gives what replicas need to stay identical:
 * a {@link #hashCode} that is the same on every replica (drawn, in a write, from a counter that advances in the
 * same order everywhere; an argument object keeps the value it had at its caller), and replication-aware
 * {@link #cloudWait}, {@link #cloudNotify} and {@link #cloudNotifyAll}, which cloud code uses instead of
 * {@code wait}/{@code notify} so that blocked write methods resume in the same order on every replica (thesis 4.2.2:
 * only the runnable write with the lowest sequence number runs; notify wakes the lowest).
 */
public abstract class CloudObject implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long cloudHash;

    /** Takes the next deterministic hash of the running write (or of this thread, outside a cloud). */
    protected CloudObject() {
        this.cloudHash = CloudContext.nextHash();
    }

    /** The same on every replica. */
    @Override
    public final int hashCode() {
        long h = cloudHash * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /**
     * As {@code wait()} in a synchronized write method: releases this object's monitor and blocks the write until a
     * {@link #cloudNotify} or {@link #cloudNotifyAll} on this object makes it runnable and it is the runnable write
     * with the lowest sequence number. The caller must hold this object's monitor.
     *
     * @throws InterruptedException when the replica shuts down while the write waits
     * @throws IllegalMonitorStateException when the caller does not hold this object's monitor
     */
    protected final void cloudWait() throws InterruptedException {
        CloudContext.scheduler("cloudWait").await(this);
    }

    /** Makes the waiting write with the lowest sequence number on this object runnable. */
    protected final void cloudNotify() {
        CloudContext.scheduler("cloudNotify").notify(this, false);
    }

    /** Makes every write waiting on this object runnable; they run in sequence-number order. */
    protected final void cloudNotifyAll() {
        CloudContext.scheduler("cloudNotifyAll").notify(this, true);
    }
}
