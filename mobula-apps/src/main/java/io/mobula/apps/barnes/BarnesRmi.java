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
 * Barnes-Hut over RMI: {@code ./mobula run --np N io.mobula.apps.barnes.BarnesRmi [SIZE]}. Each rank owns the
 * bodies of a stretch of space and builds a locally essential tree ({@link BarnesRanks}); every exchange of a step
 * is one one-way RMI from every rank to every other, and the essential cells and bodies travel in one such phase
 * before the force computation, so no rank stalls inside it (thesis 2.5.3, after Blackston and Suel).
 */
public final class BarnesRmi extends Parallel<Barnes.Problem> implements BarnesNode {
    private final Mailbox messages = new Mailbox();
    /** The pool's size, set before any message can arrive (the start of the phase is a barrier). */
    private volatile int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(BarnesKernel.INSTANCE, "rmi", args, new BarnesRmi());
    }

    @Override
    protected Remote service(Barnes.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<Barnes.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        messages.watch(ctx);
        int size = pool.size();
        ranks = size;
        return BarnesRanks.run(ctx, (step, phase, out) -> {
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    try {
                        pool.service(r, BarnesNode.class).put(step, phase, pool.rank(), out[r].longs(),
                                out[r].doubles(), out[r].bytes());
                    } catch (RemoteException e) {
                        throw pool.lost(r, e);
                    }
                }
            }
            BarnesRanks.Parcel[] in = new BarnesRanks.Parcel[size];
            for (int r = 0; r < size; r++) {
                if (r != pool.rank()) {
                    in[r] = (BarnesRanks.Parcel) messages.take(key(step, phase, r, size), "message " + phase
                            + " of rank " + r + " in step " + step);
                }
            }
            return in;
        });
    }

    private static long key(int step, int phase, int from, int size) {
        return ((long) step * BarnesRanks.PHASES + phase) * size + from;
    }

    @Override
    public void put(int step, int phase, int from, long[] longs, double[] doubles, byte[] bytes) {
        if (step < 0 || phase < 0 || phase >= BarnesRanks.PHASES || from < 0 || from >= ranks || longs == null
                || doubles == null || bytes == null) {
            throw new IllegalArgumentException("a message " + phase + " of step " + step + " from rank " + from
                    + " that this run does not send");
        }
        messages.put(key(step, phase, from, ranks), new BarnesRanks.Parcel(longs, doubles, bytes));
    }
}
