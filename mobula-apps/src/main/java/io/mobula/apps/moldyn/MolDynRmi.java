package io.mobula.apps.moldyn;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * MolDyn over RMI: {@code ./mobula run --np N io.mobula.apps.moldyn.MolDynRmi [SIZE]}. After computing its pairs,
 * every rank sends its partial sums to every other rank by one-way RMI and adds up all ranks' sums in rank order, so
 * every rank gets the same bits: a reduce-to-all of P(P-1) RMIs per move.
 */
public final class MolDynRmi extends Parallel<MolDyn.Problem> implements MolDynNode {
    private final Mailbox parts = new Mailbox();
    /** The pool's size, set before any part can arrive (the start of the phase is a barrier). */
    private volatile int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(MolDynKernel.INSTANCE, "rmi", args, new MolDynRmi());
    }

    @Override
    protected Remote service(MolDyn.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<MolDyn.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        parts.watch(ctx);
        int size = pool.size();
        ranks = size;
        return MolDynRanks.run(ctx, (step, partial) -> {
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    try {
                        pool.service(r, MolDynNode.class).put(step, pool.rank(), partial);
                    } catch (RemoteException e) {
                        throw pool.lost(r, e);
                    }
                }
            }
            double[] sum = new double[partial.length];
            for (int r = 0; r < size; r++) {
                double[] part = r == pool.rank() ? partial
                        : (double[]) parts.take((long) step * size + r, "the sums of rank " + r + " in step " + step);
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += part[i];
                }
            }
            return sum;
        });
    }

    @Override
    public void put(int step, int from, double[] partial) {
        parts.put((long) step * ranks + from, partial);
    }
}
