package io.mobula.repmi;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Deterministic scheduling of write methods in one process (thesis 4.2.2, "Communication, synchronization and thread
 * scheduling"): each delivered write gets a thread, but only the runnable write with the lowest sequence number runs.
 * A write that calls {@code cloudWait} becomes blocked (and releases the object's monitor); {@code cloudNotify} makes
 * the lowest-numbered waiter on the object runnable, {@code cloudNotifyAll} all of them; a notified write runs when it
 * is the lowest runnable one. Since every replica applies the same writes in the same order and schedules them by the
 * same rule, all replicas run the same sequence of method steps. All clouds share one scheduler: writes to different
 * clouds are ordered too (thesis Figure 4.12). Reads, blocking ones included ({@link ReadWaits}), are not scheduled.
 */
final class WriteScheduler {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition turn = lock.newCondition();
    private final TreeMap<Long, WriteTask> runnable = new TreeMap<>();
    private final Map<CloudObject, TreeSet<WriteTask>> waiting = new IdentityHashMap<>();
    private long running = -1;
    /** Writes in {@link #waiting}; written under the lock, read without it by {@link #notify}. */
    private volatile int blockedCount;

    /** Adds a delivered write; it runs when it is the lowest runnable one. */
    void add(WriteTask t) {
        lock.lock();
        try {
            runnable.put(t.seq, t);
            if (running < 0) {
                select();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits until {@code t} may run. */
    void awaitTurn(WriteTask t) throws InterruptedException {
        lock.lock();
        try {
            while (running != t.seq) {
                turn.await();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether {@code t}, added, is the write selected to run now: its {@link #awaitTurn} returns at once, and the
     * selection stays until {@code t} itself blocks or finishes.
     */
    boolean isTurn(WriteTask t) {
        lock.lock();
        try {
            return running == t.seq;
        } finally {
            lock.unlock();
        }
    }

    /** {@code t} completed: the next runnable write runs. */
    void finish(WriteTask t) {
        lock.lock();
        try {
            runnable.remove(t.seq);
            if (running == t.seq) {
                select();
            }
        } finally {
            lock.unlock();
        }
    }

    private void select() {
        running = runnable.isEmpty() ? -1 : runnable.firstKey();
        turn.signalAll();
        if (running >= 0) {
            WriteTask next = runnable.get(running);
            Object on = next.waitingOn;
            if (on != null) {
                wake(on);
            }
        }
    }

    /** Wakes a write blocked in {@code Object.wait} on {@code o}, from another thread (its monitor may be busy). */
    private void wake(Object o) {
        Thread.ofVirtual().start(() -> {
            synchronized (o) {
                o.notifyAll();
            }
        });
    }

    /** {@code t} (running, holding {@code o}'s monitor) waits on {@code o}. */
    void await(WriteTask t, CloudObject o) throws InterruptedException {
        if (!Thread.holdsLock(o)) {
            throw new IllegalMonitorStateException("cloudWait on a " + o.getClass().getName()
                    + " without holding its monitor (call it in a synchronized method of that object)");
        }
        lock.lock();
        try {
            runnable.remove(t.seq);
            waiting.computeIfAbsent(o, k -> new TreeSet<>((a, b) -> Long.compare(a.seq, b.seq))).add(t);
            blockedCount++;
            t.waitingOn = o;
            select();
        } finally {
            lock.unlock();
        }
        while (true) {
            try {
                o.wait(50); // releases o's monitor; woken by wake(o) when selected (the timeout is a backstop)
            } catch (InterruptedException e) {
                if (!t.holdsInterrupts) {
                    throw e;
                }
                // a thread others may interrupt runs the write (its writer's own, say): an interrupt meant for them
                // must not change this replica's run of the write; it is passed on when the write is done
                t.interruptedWhileRunning = true;
            }
            lock.lock();
            try {
                if (running == t.seq) {
                    t.waitingOn = null;
                    return;
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * The running write notifies the waiters on {@code o}: they become runnable. Without blocked writes it takes no
     * lock: only the running write blocks writes (in {@link #await}) or notifies, so the count it reads is current.
     */
    void notify(CloudObject o, boolean all) {
        if (blockedCount == 0) {
            return;
        }
        lock.lock();
        try {
            TreeSet<WriteTask> w = waiting.get(o);
            if (w == null || w.isEmpty()) {
                return;
            }
            do {
                WriteTask t = w.pollFirst();
                blockedCount--;
                runnable.put(t.seq, t);
            } while (all && !w.isEmpty());
            if (w.isEmpty()) {
                waiting.remove(o);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Writes blocked in cloudWait (partly run: a snapshot cannot copy them). */
    int blocked() {
        lock.lock();
        try {
            int n = 0;
            for (TreeSet<WriteTask> w : waiting.values()) {
                n += w.size();
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** Writes that are delivered and not finished (runnable or blocked), for diagnostics and tests. */
    int pending() {
        lock.lock();
        try {
            int n = runnable.size();
            for (TreeSet<WriteTask> w : waiting.values()) {
                n += w.size();
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}
