package io.mobula.examples.sor;

import io.mobula.apps.sor.Sor;
import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A rank's mailbox. Rows are keyed by step because a neighbour may run one phase ahead and send the next row
 * before this rank consumed the current one. Waits poll the pool's events, so a dead rank is named, not waited for.
 */
final class SorNodeImpl implements SorNode {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final Map<Long, double[]> rows = new HashMap<>();
    final double[][] result;
    private int gathered;
    volatile Pool pool;

    SorNodeImpl(int n) {
        this.result = new double[n][];
    }

    private static long key(int step, boolean fromAbove) {
        return 2L * step + (fromAbove ? 1 : 0);
    }

    @Override
    public void putRow(int step, boolean fromAbove, double[] row) {
        lock.lock();
        try {
            rows.put(key(step, fromAbove), row);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void putResult(int first, double[][] part) {
        if (part == null || first < 1 || part.length > result.length - 1 - first) {
            throw new IllegalArgumentException("rows " + first + " .. of a " + result.length + "-row grid: "
                    + (part == null ? "null" : part.length + " rows") + " do not fit its interior");
        }
        lock.lock();
        try {
            System.arraycopy(part, 0, result, first, part.length);
            gathered++;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    double[] take(int step, boolean fromAbove, int from) throws MemberLostException {
        long k = key(step, fromAbove);
        lock.lock();
        try {
            double[] row;
            long stallDeadline = System.nanoTime() + SorMain.STALL.toNanos();
            while ((row = rows.remove(k)) == null) {
                await(stallDeadline, "the border row of step " + step + " from rank " + from, from);
            }
            return row;
        } finally {
            lock.unlock();
        }
    }

    double[][] gather(int size) throws MemberLostException {
        lock.lock();
        try {
            long stallDeadline = System.nanoTime() + SorMain.STALL.toNanos();
            while (gathered < size - 1) {
                await(stallDeadline, "the results of " + (size - 1 - gathered) + " ranks", -1);
            }
            // rank 0's own rows and the fixed borders
            result[0] = Sor.initialRow(result.length, 0);
            result[result.length - 1] = Sor.initialRow(result.length, result.length - 1);
            return result;
        } finally {
            lock.unlock();
        }
    }

    private void await(long stallDeadline, String what, int from) throws MemberLostException {
        pool.check();
        if (System.nanoTime() - stallDeadline > 0) {
            throw new MemberLostException(from, "rank " + pool.rank() + ": no progress for " + SorMain.STALL
                    + " waiting for " + what + ", though the pool reports nobody dead", null);
        }
        try {
            arrived.await(50, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MemberLostException(from, "interrupted waiting for " + what, e);
        }
    }
}
