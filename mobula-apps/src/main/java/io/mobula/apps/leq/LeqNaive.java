package io.mobula.apps.leq;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * LEQ, the naive RMI version: {@code ./mobula run --np N io.mobula.apps.leq.LeqNaive [SIZE]}. One remote object on
 * rank 0 assembles x: after each iteration every rank puts its block and largest change there, then fetches the whole
 * x and the largest change of all with an RMI that waits until every rank has put (thesis 4.4.2). Two iterations'
 * vectors are kept, by parity: no rank can put iteration i + 2 before every rank has fetched iteration i.
 */
public final class LeqNaive extends Parallel<Leq.Problem> implements LeqCentral {
    private final double[][] x = new double[2][];
    private final int[] iteration = new int[2];
    private final int[] count = new int[2];
    private int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(LeqKernel.INSTANCE, "naive-rmi", args, new LeqNaive());
    }

    @Override
    protected Remote service(Leq.Problem problem) {
        x[0] = new double[problem.n() + 1];
        x[1] = new double[problem.n() + 1];
        return this;
    }

    @Override
    protected Serializable run(RankContext<Leq.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        synchronized (this) {
            ranks = pool.size(); // before the phase's barrier, so before any put
        }
        LeqCentral central = pool.service(0, LeqCentral.class);
        return LeqRanks.run(ctx, (it, lo, block, delta) -> {
            LongPoll.send(pool, 0, () -> central.put(it, lo, block, delta));
            return LongPoll.until(ctx, 0, () -> central.result(it), "x of iteration " + it);
        });
    }

    @Override
    public synchronized void put(int it, int lo, double[] block, double delta) {
        int s = it & 1;
        double[] v = x[s];
        if (iteration[s] != it) {
            iteration[s] = it;
            count[s] = 0;
            v[v.length - 1] = 0;
        }
        System.arraycopy(block, 0, v, lo, block.length);
        v[v.length - 1] = Math.max(v[v.length - 1], delta);
        count[s]++;
        notifyAll();
    }

    @Override
    public synchronized double[] result(int it) throws RemoteException {
        int s = it & 1;
        return LongPoll.await(this, () -> iteration[s] == it && count[s] == ranks) ? x[s].clone() : null;
    }
}
