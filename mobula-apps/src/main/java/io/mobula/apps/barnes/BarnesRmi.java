package io.mobula.apps.barnes;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Barnes-Hut over RMI: {@code ./mobula run --np N io.mobula.apps.barnes.BarnesRmi [SIZE]}. After each step every
 * rank sends its moved bodies to every other rank with one one-way RMI each, in one communication phase before the
 * next step's computation, so no rank stalls inside the force computation (thesis 2.5.3, after Blackston and Suel).
 * Where their code sends each rank only the bodies and cells its tree walks need, this version sends every body to
 * every rank, so each rank builds the whole tree.
 */
public final class BarnesRmi extends Parallel<Barnes.Problem> implements BarnesNode {
    private final Mailbox blocks = new Mailbox();
    /** The pool's size, set before any block can arrive (the start of the phase is a barrier). */
    private volatile int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(BarnesKernel.INSTANCE, "rmi", args, new BarnesRmi());
    }

    @Override
    protected Remote service(Barnes.Problem problem) {
        return this;
    }

    private record Block(int lo, double[] bodies) {
    }

    @Override
    protected Serializable run(RankContext<Barnes.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        blocks.watch(pool);
        int size = pool.size();
        ranks = size;
        return BarnesRanks.run(ctx, (step, lo, block, pos, vel) -> {
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    try {
                        pool.service(r, BarnesNode.class).put(step, pool.rank(), lo, block);
                    } catch (RemoteException e) {
                        throw pool.lost(r, e);
                    }
                }
            }
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    Block b = (Block) blocks.take((long) step * size + r, "the bodies of rank " + r + " after step "
                            + step);
                    BarnesRanks.unpack(b.lo(), b.bodies(), pos, vel);
                }
            }
        });
    }

    @Override
    public void put(int step, int from, int lo, double[] block) {
        blocks.put((long) step * ranks + from, new Block(lo, block));
    }
}
