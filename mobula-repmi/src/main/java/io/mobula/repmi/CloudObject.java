package io.mobula.repmi;

import java.io.Serializable;

/**
 * Base class of every object in a cloud, root or node (thesis 4.2.1). It gives what replicas need to stay identical:
 * a {@link #hashCode} that is the same on every replica (drawn, in a write, from a counter that advances in the
 * same order everywhere; an argument object keeps the value it had at its caller), and replication-aware
 * {@link #cloudWait}, {@link #cloudNotify} and {@link #cloudNotifyAll}, which cloud code uses instead of
 * {@code wait}/{@code notify} so that blocked write methods resume in the same order on every replica (thesis 4.2.2:
 * only the runnable write with the lowest sequence number runs; notify wakes the lowest), and so that a read can
 * wait on the local replica for a write to notify it (a blocking read, thesis Figure 4.16).
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
     * As {@code wait()}, in a synchronized method of this object; the caller must hold this object's monitor and, as
     * with {@code wait()}, re-check its condition in a loop when it returns.
     * <ul>
     * <li>In a <b>write</b> it releases the monitor and blocks the write until a {@link #cloudNotify} or
     * {@link #cloudNotifyAll} on this object makes it runnable and it is the runnable write with the lowest sequence
     * number (thesis 4.2.2), so blocked writes resume in the same order on every replica.
     * <li>In a <b>read</b> (a method that changes nothing and notifies nothing: waiting does not make a method a
     * write, thesis 4.2.2) it is a <em>blocking read</em>: it releases the monitor and waits on the local replica
     * until a write applied here notifies this object; nothing is broadcast (thesis Figure 4.16). The read waits at
     * most {@code mobula.repmi.timeoutMs} in all, counted from its first wait ({@link #cloudWait(long)} sets another
     * bound); when that passes with no notify, or RepMI stops in this process, the read ends and its caller gets a
     * {@link CloudException} saying so.
     * </ul>
     *
     * @throws InterruptedException when the waiting thread is interrupted (in a write: the replica shuts down)
     * @throws IllegalMonitorStateException when the caller does not hold this object's monitor
     */
    protected final void cloudWait() throws InterruptedException {
        CloudContext.await(this, -1);
    }

    /**
     * As {@link #cloudWait()} in a read, waiting at most {@code timeoutMillis} milliseconds in all for the read
     * (counted from its first wait; a later call with a shorter timeout shortens it). Only reads may wait with a
     * timeout: the compiler rejects it in a write method, and at run time a write that reaches it throws an
     * {@link IllegalStateException} (a timeout would end the wait at a different point on each replica).
     *
     * @throws IllegalArgumentException when {@code timeoutMillis} is not positive
     * @throws InterruptedException when the waiting thread is interrupted
     */
    protected final void cloudWait(long timeoutMillis) throws InterruptedException {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("cloudWait needs a positive timeout, not " + timeoutMillis + " ms");
        }
        CloudContext.await(this, java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
    }

    /**
     * Makes the waiting write with the lowest sequence number on this object runnable, and wakes every read waiting
     * on this object in this replica (each re-checks its condition). Only writes notify: a read that reaches this
     * runs again as a write.
     */
    protected final void cloudNotify() {
        CloudContext.scheduler("cloudNotify").notify(this, false);
    }

    /**
     * Makes every write waiting on this object runnable (they run in sequence-number order), and wakes every read
     * waiting on this object in this replica.
     */
    protected final void cloudNotifyAll() {
        CloudContext.scheduler("cloudNotifyAll").notify(this, true);
    }
}
