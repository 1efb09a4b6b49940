package io.mobula.apps.leq;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * LEQ over RMI: {@code ./mobula run --np N io.mobula.apps.leq.LeqRmi [SIZE]}. At the end of each iteration every
 * rank sends its block of x and its largest change to every other rank by one-way RMI, and assembles x and the
 * reduction locally: P(P-1) RMIs per iteration (the optimized RMI version, thesis 4.4.2).
 */
public final class LeqRmi extends Parallel<Leq.Problem> implements LeqNode {
    private final Mailbox parts = new Mailbox();
    /** The pool's size, set before any block can arrive (the start of the phase is a barrier). */
    private volatile int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(LeqKernel.INSTANCE, "rmi", args, new LeqRmi());
    }

    @Override
    protected Remote service(Leq.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<Leq.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        parts.watch(ctx);
        int n = ctx.problem().n();
        int size = pool.size();
        ranks = size;
        return LeqRanks.run(ctx, (it, lo, block, delta) -> {
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    try {
                        pool.service(r, LeqNode.class).put(it, pool.rank(), lo, block, delta);
                    } catch (RemoteException e) {
                        throw pool.lost(r, e);
                    }
                }
            }
            double[] x = new double[n + 1];
            System.arraycopy(block, 0, x, lo, block.length);
            double max = delta;
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    Part part = (Part) parts.take((long) it * size + r, "the block of rank " + r + " in iteration "
                            + it);
                    System.arraycopy(part.block, 0, x, part.lo, part.block.length);
                    max = Math.max(max, part.delta);
                }
            }
            x[n] = max;
            return x;
        });
    }

    private record Part(int lo, double[] block, double delta) {
    }

    @Override
    public void put(int it, int from, int lo, double[] block, double delta) {
        parts.put((long) it * ranks + from, new Part(lo, block, delta));
    }
}
