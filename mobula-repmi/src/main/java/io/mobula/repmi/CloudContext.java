package io.mobula.repmi;

import io.mobula.repmi.spi.WriteRestart;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the current thread is doing with clouds: running a write (which draws deterministic hashes from its cloud's
 * counter and schedules waits through the {@link WriteScheduler}), running a read (which may wait on the local
 * replica, a blocking read through {@link ReadWaits}, but may not notify: that restarts it as a write), or nothing (a
 * cloud object used as a plain object: plain monitor semantics).
 */
final class CloudContext {
    private CloudContext() {
    }

    /** Hashes drawn outside writes: unique in this process, carried by the objects wherever they are copied. */
    private static final AtomicLong LOCAL = new AtomicLong(ThreadLocalRandom.current().nextLong() << 20);

    /** The scheduling of waits and notifies for cloud objects. */
    interface Scheduling {
        void await(CloudObject o) throws InterruptedException;

        void notify(CloudObject o, boolean all);
    }

    /** A thread's frame: a write task, a read, or a read that has waited. */
    sealed interface Frame permits WriteFrame, ReadFrame, WaitingRead {
    }

    record WriteFrame(WriteTask task, AtomicLong hashes) implements Frame {
    }

    /**
     * A read of cloud {@code cloud}: made once per replication reference, so a read allocates nothing; a read that
     * waits ({@code cloudWait}) does so through {@code waits}, for at most {@code timeoutNanos} unless it says.
     */
    record ReadFrame(ReadWaits waits, String cloud, long timeoutNanos) implements Frame {
    }

    /** A read that has waited: its deadline holds for the rest of the read (the read's frame is restored after it). */
    record WaitingRead(ReadFrame read, long deadline) implements Frame {
    }

    private static final ThreadLocal<Frame> CURRENT = new ThreadLocal<>();

    static Frame current() {
        return CURRENT.get();
    }

    static Frame set(Frame f) {
        Frame old = CURRENT.get();
        if (f == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(f);
        }
        return old;
    }

    static long nextHash() {
        return CURRENT.get() instanceof WriteFrame w ? w.hashes().incrementAndGet() : LOCAL.incrementAndGet();
    }

    static Scheduling scheduler(String op) {
        Frame f = CURRENT.get();
        if (f instanceof WriteFrame w) {
            return w.task();
        }
        if (f != null) {
            throw new WriteRestart(op + " in a method running as a read");
        }
        return PLAIN;
    }

    /**
     * {@code cloudWait} on {@code o}: in a write, through the deterministic scheduler (untimed: a timeout would end
     * the wait at a different point on each replica); in a read, on the local replica for at most the read's timeout
     * ({@code timeoutNanos} if not negative, else the default) counted from its first wait; outside clouds, a plain
     * {@code wait}.
     */
    static void await(CloudObject o, long timeoutNanos) throws InterruptedException {
        Frame f = CURRENT.get();
        if (f instanceof WriteFrame w) {
            if (timeoutNanos >= 0) {
                throw new IllegalStateException("cloudWait(timeoutMillis) in a write method: a timeout would end the"
                        + " wait at a different point on each replica; a write waits with cloudWait(), a read may"
                        + " wait with a timeout");
            }
            w.task().await(o);
        } else if (f instanceof ReadFrame r) {
            long deadline = System.nanoTime() + (timeoutNanos >= 0 ? timeoutNanos : r.timeoutNanos());
            CURRENT.set(new WaitingRead(r, deadline));
            r.waits().await(o, deadline, timeoutNanos >= 0 ? timeoutNanos : r.timeoutNanos(), r.cloud());
        } else if (f instanceof WaitingRead wr) {
            long deadline = wr.deadline();
            long timeout = wr.read().timeoutNanos();
            if (timeoutNanos >= 0 && deadline - (System.nanoTime() + timeoutNanos) > 0) {
                deadline = System.nanoTime() + timeoutNanos; // a shorter timeout shortens the read's deadline
                timeout = timeoutNanos;
                CURRENT.set(new WaitingRead(wr.read(), deadline));
            }
            wr.read().waits().await(o, deadline, timeout, wr.read().cloud());
        } else if (timeoutNanos >= 0) {
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(o, timeoutNanos);
        } else {
            o.wait();
        }
    }

    /** Outside clouds a cloud object is an ordinary object. */
    private static final Scheduling PLAIN = new Scheduling() {
        @Override
        public void await(CloudObject o) throws InterruptedException {
            o.wait();
        }

        @Override
        public void notify(CloudObject o, boolean all) {
            if (all) {
                o.notifyAll();
            } else {
                o.notify();
            }
        }
    };
}
