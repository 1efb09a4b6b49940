package io.mobula.repmi;

import io.mobula.repmi.spi.ReadAbort;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Blocking reads on this process's replicas (thesis 4.2.2 and Figure 4.16): a read method that calls
 * {@link CloudObject#cloudWait} waits on the local replica, releasing the object's monitor, until a write applied here
 * notifies that object ({@code cloudNotify}/{@code cloudNotifyAll}, which the write calls holding the monitor in the
 * total order). The read stays a read: nothing is broadcast. Every such wait is bounded (by the read's timeout, from
 * its first wait) and is settled when RepMI stops in this process.
 *
 * <p>A write's notify costs one volatile read when no read waits ({@link #wake}): no allocation, no lock.
 */
final class ReadWaits {
    /** Reads waiting now; written only by waiting reads, read by every notify. */
    private final AtomicInteger waiting = new AtomicInteger();
    /** Notifies that found reads waiting, so a wait that ends at its deadline can tell whether one came. */
    private final AtomicLong wakes = new AtomicLong();
    /** The object each waiting read's thread waits on (to wake them all when RepMI stops). */
    private final ConcurrentHashMap<Thread, CloudObject> on = new ConcurrentHashMap<>();
    private volatile CloudException stopped;

    /**
     * The read running on this thread waits on {@code o} (whose monitor it holds) until a write notifies {@code o},
     * or until {@code deadline} ({@link System#nanoTime}); it returns so that the caller re-checks its guard.
     *
     * @throws ReadAbort carrying a {@link CloudException} when the deadline passed without a notify, or RepMI stopped
     * @throws InterruptedException when the thread is interrupted while it waits
     */
    void await(CloudObject o, long deadline, long timeoutNanos, String cloud) throws InterruptedException {
        if (!Thread.holdsLock(o)) {
            throw new IllegalMonitorStateException("cloudWait on a " + o.getClass().getName() + " without holding its"
                    + " monitor (call it in a synchronized method of that object)");
        }
        checkStopped();
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw timedOut(o, timeoutNanos, cloud);
        }
        Thread self = Thread.currentThread();
        long before = wakes.get();
        on.put(self, o);
        waiting.incrementAndGet();
        try {
            checkStopped(); // a stop between the first check and the registration would not have woken this read
            TimeUnit.NANOSECONDS.timedWait(o, left);
        } finally {
            waiting.decrementAndGet();
            on.remove(self);
        }
        checkStopped();
        if (System.nanoTime() - deadline >= 0 && wakes.get() == before) {
            throw timedOut(o, timeoutNanos, cloud);
        }
    }

    /**
     * A write applied here notified {@code o}: wakes the reads waiting on it (all of them; each re-checks its guard).
     * Called holding {@code o}'s monitor, as a notify requires.
     */
    void wake(CloudObject o) {
        if (waiting.get() == 0) {
            return;
        }
        wakes.incrementAndGet();
        if (Thread.holdsLock(o)) {
            o.notifyAll();
        } else {
            wakeLater(o);
        }
    }

    /** RepMI stopped in this process: every waiting read, and every later one, ends with {@code why}. */
    void stop(CloudException why) {
        stopped = why;
        for (CloudObject o : on.values()) {
            wakeLater(o);
        }
    }

    /** Reads waiting now, for tests. */
    int waiting() {
        return waiting.get();
    }

    /** Wakes the waiters on {@code o} from another thread (its monitor may be held by a running write). */
    private static void wakeLater(CloudObject o) {
        Thread.ofVirtual().start(() -> {
            synchronized (o) {
                o.notifyAll();
            }
        });
    }

    private void checkStopped() {
        CloudException s = stopped;
        if (s != null) {
            throw new ReadAbort(new CloudException(s.getMessage(), s));
        }
    }

    private static ReadAbort timedOut(CloudObject o, long timeoutNanos, String cloud) {
        return new ReadAbort(new CloudException("a read of cloud '" + cloud + "' waited "
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms in cloudWait on a " + o.getClass().getSimpleName()
                + " and no write notified it (the read's timeout: cloudWait(timeoutMillis), or"
                + " mobula.repmi.timeoutMs)"));
    }
}
