package io.mobula.examples.gmi;

import io.mobula.gmi.GroupMember;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The thesis's {@code BinImpl} (Figure 5.11): a one-place buffer. The thesis uses synchronized methods with
 * wait/notifyAll; this uses a lock and a condition, which does not pin the virtual threads GMI runs invocations on, and
 * bounds every wait (an empty bin after two minutes is an error, not a hang).
 */
public class BinImpl extends GroupMember implements Bin {
    private static final long WAIT_SECONDS = 120;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private double[] data;

    @Override
    public void put(double[] v) {
        lock.lock();
        try {
            while (data != null) {
                await("full");
            }
            data = v;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public double[] get() {
        lock.lock();
        try {
            while (data == null) {
                await("empty");
            }
            double[] t = data;
            data = null;
            changed.signalAll();
            return t;
        } finally {
            lock.unlock();
        }
    }

    private void await(String state) {
        try {
            if (!changed.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("bin of rank " + getRank() + " still " + state + " after "
                        + WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the bin is " + state, e);
        }
    }

    @Override
    public int add(int a, int b) {
        if (a < 0) {
            throw new IllegalArgumentException("rank " + getRank() + " refuses " + a);
        }
        return a + b * (getRank() + 1);
    }
}
