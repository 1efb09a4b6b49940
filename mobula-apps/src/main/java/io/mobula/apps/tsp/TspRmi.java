package io.mobula.apps.tsp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TSP over RMI: {@code ./mobula run --np N io.mobula.apps.tsp.TspRmi [SIZE]}. Each rank holds its own Minimum,
 * read locally; a rank that finds a shorter tour sets it on every other rank, one RMI after the other (the optimized
 * RMI version, thesis 4.4.2).
 */
public final class TspRmi extends Parallel<Tsp.Problem> implements TspNode {
    private final AtomicInteger minimum = new AtomicInteger(Integer.MAX_VALUE);
    private TspJobQueue queue;

    public static void main(String[] args) {
        KernelMain.parallel(TspKernel.INSTANCE, "rmi", args, new TspRmi());
    }

    @Override
    protected Remote service(Tsp.Problem problem) {
        queue = new TspJobQueue(problem.jobs());
        return this;
    }

    @Override
    protected Serializable run(RankContext<Tsp.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        return TspRanks.run(ctx, new Tsp.Bound() {
            @Override
            public int get() {
                return minimum.get();
            }

            @Override
            public void offer(int length) throws Exception {
                setMinimum(length);
                for (int r = 0; r < pool.size(); r++) {
                    if (r != pool.rank()) {
                        try {
                            pool.service(r, TspNode.class).setMinimum(length);
                        } catch (RemoteException e) {
                            throw pool.lost(r, e);
                        }
                    }
                }
            }
        });
    }

    @Override
    public int nextJob() {
        return queue.nextJob();
    }

    @Override
    public void setMinimum(int length) {
        minimum.accumulateAndGet(length, Math::min);
    }
}
