package io.mobula.apps.water;

import io.mobula.rmi.NonBlocking;
import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Water over RMI: {@code ./mobula run --np N io.mobula.apps.water.WaterRmi [SIZE]}. With message combining (thesis
 * 2.5.3): each step a rank receives all the molecules it needs from another rank in a single one-way RMI, and sends
 * the forces it computed on another rank's molecules in one RMI per destination.
 */
public final class WaterRmi extends Parallel<Water.Problem> implements WaterNode {
    private final Mailbox inbox = new Mailbox();
    /** The pool's size, set before anything can arrive (the start of the phase is a barrier). */
    private volatile int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(WaterKernel.INSTANCE, "rmi", args, new WaterRmi());
    }

    @Override
    protected Remote service(Water.Problem problem) {
        return this;
    }

    private long key(int step, boolean forces, int from) {
        return ((long) step * 2 + (forces ? 1 : 0)) * ranks + from;
    }

    @Override
    protected Serializable run(RankContext<Water.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        inbox.watch(ctx);
        ranks = pool.size();
        return WaterRanks.run(ctx, new WaterRanks.Exchange() {
            @Override
            public void sendPositions(int step, int to, double[] block) throws Exception {
                try {
                    pool.service(to, WaterNode.class).positions(step, pool.rank(), block);
                } catch (RemoteException e) {
                    throw pool.lost(to, e);
                }
            }

            @Override
            public double[] positions(int step, int from) throws Exception {
                return (double[]) inbox.take(key(step, false, from), "the positions of rank " + from + " in step "
                        + step);
            }

            @Override
            public void sendForces(int step, int to, double[] block) throws Exception {
                try {
                    pool.service(to, WaterNode.class).forces(step, pool.rank(), block);
                } catch (RemoteException e) {
                    throw pool.lost(to, e);
                }
            }

            @Override
            public double[] forces(int step, int from) throws Exception {
                return (double[]) inbox.take(key(step, true, from), "the forces from rank " + from + " in step "
                        + step);
            }
        });
    }

    @Override
    @NonBlocking // a put into the mailbox: runs on the receive thread, no hand-off
    public void positions(int step, int from, double[] block) {
        inbox.put(key(step, false, from), block);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs on the receive thread, no hand-off
    public void forces(int step, int from, double[] block) {
        inbox.put(key(step, true, from), block);
    }
}
