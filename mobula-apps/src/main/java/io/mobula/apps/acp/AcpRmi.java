package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.Trees;
import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * ACP over RMI: {@code ./mobula run --np N io.mobula.apps.acp.AcpRmi [SIZE]}. Every rank keeps a private copy of
 * the matrix; the cells a rank removed go to every other rank along a binomial spanning tree of one-way RMIs rooted
 * at it, each rank forwarding them, and the RMI threads queue them for the computing thread (the optimized RMI
 * version, thesis 4.4.2).
 */
public final class AcpRmi extends Parallel<Acp.Problem> implements AcpNode {
    private final Mailbox cells = new Mailbox();
    private volatile Pool pool;

    public static void main(String[] args) {
        KernelMain.parallel(AcpKernel.INSTANCE, "rmi", args, new AcpRmi());
    }

    @Override
    protected Remote service(Acp.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<Acp.Problem> ctx) throws Exception {
        pool = ctx.pool();
        cells.watch(pool);
        return AcpRanks.run(ctx, (round, removed) -> {
            forward(ctx.rank(), round, removed);
            int[][] all = new int[ctx.size()][];
            for (int r = 0; r < all.length; r++) {
                all[r] = r == ctx.rank() ? removed
                        : (int[]) cells.take(AcpRanks.key(round, r), "the cells rank " + r + " removed in round "
                                + round);
            }
            return all;
        });
    }

    @Override
    public void removed(int root, int round, int[] removed) throws RemoteException {
        try {
            forward(root, round, removed);
        } catch (MemberLostException e) {
            // the ranks below the lost one learn of it from the pool while they wait for these cells
            throw new RemoteException("forwarding round " + round + " of rank " + root + " failed", e);
        } finally {
            cells.put(AcpRanks.key(round, root), removed);
        }
    }

    private void forward(int root, int round, int[] removed) throws MemberLostException {
        Pool p = pool;
        for (int child : Trees.children(root, p.rank(), p.size())) {
            try {
                p.service(child, AcpNode.class).removed(root, round, removed);
            } catch (RemoteException e) {
                throw p.lost(child, e);
            }
        }
    }
}
