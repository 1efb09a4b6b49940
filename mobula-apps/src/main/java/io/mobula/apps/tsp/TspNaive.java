package io.mobula.apps.tsp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * TSP, the naive RMI version: {@code ./mobula run --np N io.mobula.apps.tsp.TspNaive [SIZE]}. One remote Minimum on
 * rank 0, beside the job queue: every look at the bound is an RMI to it, and so is every new best length (thesis
 * 4.4.2, where this version has no speedup at all).
 */
public final class TspNaive extends Parallel<Tsp.Problem> implements TspCentral {
    private TspJobQueue queue;
    private int minimum = Integer.MAX_VALUE;

    public static void main(String[] args) {
        KernelMain.parallel(TspKernel.INSTANCE, "naive-rmi", args, new TspNaive());
    }

    @Override
    protected Remote service(Tsp.Problem problem) {
        queue = new TspJobQueue(problem.jobs());
        return this;
    }

    @Override
    protected Serializable run(RankContext<Tsp.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        TspCentral min = pool.service(0, TspCentral.class);
        return TspRanks.run(ctx, new Tsp.Bound() {
            @Override
            public int get() throws Exception {
                return LongPoll.call(pool, 0, min::getMinimum);
            }

            @Override
            public void offer(int length) throws Exception {
                LongPoll.send(pool, 0, () -> min.setMinimum(length));
            }
        });
    }

    @Override
    public int nextJob() {
        return queue.nextJob();
    }

    @Override
    public synchronized int getMinimum() {
        return minimum;
    }

    @Override
    public synchronized void setMinimum(int length) {
        minimum = Math.min(minimum, length);
    }
}
