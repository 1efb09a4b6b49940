package io.mobula.apps.asp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.Trees;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * ASP over RMI: {@code ./mobula run --np N io.mobula.apps.asp.AspRmi [SIZE]}. Java RMI has no broadcast, so the
 * owner of row k sends it along a binomial spanning tree of one-way RMIs and each rank forwards it to its children
 * before using it (the optimized RMI version, thesis 2.5.3 and 4.4.2).
 */
public final class AspRmi extends Parallel<int[][]> implements AspNode {
    private final Mailbox rows = new Mailbox();
    private volatile Pool pool;

    public static void main(String[] args) {
        KernelMain.parallel(AspKernel.INSTANCE, "rmi", args, new AspRmi());
    }

    @Override
    protected Remote service(int[][] problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<int[][]> ctx) throws Exception {
        pool = ctx.pool();
        rows.watch(ctx);
        return AspRanks.run(ctx, new AspRanks.RowBroadcast() {
            @Override
            public void send(int k, int[] row) throws PoolException {
                forward(ctx.rank(), k, row);
            }

            @Override
            public int[] receive(int k) throws Exception {
                return (int[]) rows.take(k, "row " + k);
            }
        });
    }

    @Override
    public void putRow(int root, int k, int[] row) throws RemoteException {
        try {
            forward(root, k, row);
        } catch (PoolException e) {
            // the ranks below the lost one learn of it from the pool while they wait for this row
            throw new RemoteException("forwarding row " + k + " failed", e);
        } finally {
            rows.put(k, row);
        }
    }

    private void forward(int root, int k, int[] row) throws PoolException {
        Pool p = pool;
        for (int child : Trees.children(root, p.rank(), p.size())) {
            try {
                p.service(child, AspNode.class).putRow(root, k, row);
            } catch (RemoteException e) {
                throw p.lost(child, e);
            }
        }
    }
}
