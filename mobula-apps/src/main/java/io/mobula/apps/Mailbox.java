package io.mobula.apps;

import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Values keyed by a number, put by the communication layer (a remote or group method) and taken by the rank's
 * computing thread. A value may arrive before it is wanted, so values are kept by key. Every wait is bounded: it
 * polls the pool, so a dead rank is named, and gives up after the run's stall time without progress
 * ({@link AppSettings#stall()}, given by {@link #watch}; the default one before).
 */
public final class Mailbox {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final Map<Long, Object> values = new HashMap<>();
    private volatile Pool pool;
    private volatile Duration stall = AppSettings.defaults().stall();

    /** Makes waits poll the pool of {@code ctx} for dead ranks and give up after its settings' stall time. */
    public void watch(RankContext<?> ctx) {
        this.stall = ctx.settings().stall(); // never null: AppSettings checks it
        this.pool = ctx.pool();
    }

    /** Stores {@code value} under {@code key}, replacing an earlier one. */
    public void put(long key, Object value) {
        lock.lock();
        try {
            values.put(key, value);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns the value under {@code key}, waiting (bounded) for it; {@code what} names it in errors. */
    public Object take(long key, String what) throws MemberLostException {
        lock.lock();
        try {
            Duration limit = stall;
            long deadline = System.nanoTime() + limit.toNanos();
            Object v;
            while ((v = values.remove(key)) == null) {
                Pool p = pool;
                if (p != null) {
                    p.check();
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new MemberLostException(-1, "no progress for " + limit + " waiting for " + what
                            + ", though the pool reports nobody dead", null);
                }
                try {
                    arrived.await(20, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new MemberLostException(-1, "interrupted waiting for " + what, e);
                }
            }
            return v;
        } finally {
            lock.unlock();
        }
    }
}
