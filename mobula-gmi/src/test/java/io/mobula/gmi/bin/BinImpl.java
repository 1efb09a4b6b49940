package io.mobula.gmi.bin;

import io.mobula.gmi.GroupMember;
import java.io.IOException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The thesis's BinImpl (Figure 5.11): {@code put} stores an array, waiting while one is stored; {@code get} takes it,
 * waiting while none is. {@code add(a, b)} returns {@code a + b * (rank + 1)} and throws for a negative {@code a}, so
 * tests can tell members apart and make them fail.
 */
public class BinImpl extends GroupMember implements Bin {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private double[] data;
    public volatile int inits;
    public final java.util.concurrent.atomic.AtomicInteger puts = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void groupInit() {
        inits++;
    }

    @Override
    public void put(double[] v) {
        lock.lock();
        try {
            while (data != null) {
                if (!changed.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                    throw new IllegalStateException("rank " + getRank() + ": bin still full after 30 s");
                }
            }
            data = v;
            puts.incrementAndGet();
            changed.signalAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public double[] get() {
        lock.lock();
        try {
            while (data == null) {
                if (!changed.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                    throw new IllegalStateException("rank " + getRank() + ": bin still empty after 30 s");
                }
            }
            double[] t = data;
            data = null;
            changed.signalAll();
            return t;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int add(int a, int b) throws IOException {
        if (a < 0) {
            throw new IOException("rank " + getRank() + " refuses " + a);
        }
        return a + b * (getRank() + 1);
    }
}
