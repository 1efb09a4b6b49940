package io.mobula.repmi;

import io.mobula.repmi.spi.WriteRestart;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the current thread is doing with clouds: running a write (which draws deterministic hashes from its cloud's
 * counter and schedules waits through the {@link WriteScheduler}), running a read (which may not wait or notify: that
 * restarts it as a write), or nothing (a cloud object used as a plain object: plain monitor semantics).
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

    /** A thread's frame: a write task, or a read. */
    sealed interface Frame permits WriteFrame, ReadFrame {
    }

    record WriteFrame(WriteTask task, AtomicLong hashes) implements Frame {
    }

    record ReadFrame() implements Frame {
    }

    static final ReadFrame READ = new ReadFrame();

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
        if (f instanceof ReadFrame) {
            throw new WriteRestart(op + " in a method running as a read");
        }
        return PLAIN;
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
