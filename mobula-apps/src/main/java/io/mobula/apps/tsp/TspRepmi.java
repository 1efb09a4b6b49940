package io.mobula.apps.tsp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * TSP over RepMI: {@code ./mobula run --np N io.mobula.apps.tsp.TspRepmi [SIZE]}. The Minimum is one replicated
 * object: {@code set} is broadcast, {@code get} reads the local replica (thesis 4.4.2). The job queue is rank 0's
 * remote object, as in the thesis.
 */
public final class TspRepmi extends Parallel<Tsp.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(TspKernel.INSTANCE, "repmi", args, new TspRepmi());
    }

    @Override
    protected Remote service(Tsp.Problem problem) {
        return new TspJobQueue(problem.jobs());
    }

    @Override
    protected Serializable run(RankContext<Tsp.Problem> ctx) throws Exception {
        Cloud.attach(ctx.pool());
        TspMinimum min = ctx.rank() == 0 ? Cloud.create(TspMinimum.class, TspMinimumRoot.class, "tsp-minimum")
                : Cloud.lookup("tsp-minimum", TspMinimum.class);
        return TspRanks.run(ctx, new Tsp.Bound() {
            @Override
            public int get() {
                return min.get();
            }

            @Override
            public void offer(int length) {
                min.set(length);
            }
        });
    }
}
