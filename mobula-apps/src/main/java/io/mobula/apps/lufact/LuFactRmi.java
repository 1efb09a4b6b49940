package io.mobula.apps.lufact;

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
 * LUFact over RMI: {@code ./mobula run --np N io.mobula.apps.lufact.LuFactRmi [SIZE]}. The owner of column k sends it
 * with its pivot row down a binomial spanning tree of one-way RMIs, each rank forwarding it before using it (the
 * broadcast the RMI versions simulate, thesis 2.5.3).
 */
public final class LuFactRmi extends Parallel<LuFact.Problem> implements LuFactNode {
    private final Mailbox columns = new Mailbox();
    private volatile Pool pool;

    public static void main(String[] args) {
        KernelMain.parallel(LuFactKernel.INSTANCE, "rmi", args, new LuFactRmi());
    }

    @Override
    protected Remote service(LuFact.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<LuFact.Problem> ctx) throws Exception {
        pool = ctx.pool();
        columns.watch(ctx);
        return LuFactRanks.run(ctx, new LuFactRanks.ColumnBroadcast() {
            @Override
            public void send(int k, int pivot, double[] column) throws PoolException {
                forward(ctx.rank(), k, pivot, column);
            }

            @Override
            public LuFactRanks.Column receive(int k) throws Exception {
                return (LuFactRanks.Column) columns.take(k, "column " + k);
            }
        });
    }

    @Override
    public void putColumn(int root, int k, int pivot, double[] column) throws RemoteException {
        try {
            forward(root, k, pivot, column);
        } catch (PoolException e) {
            // the ranks below the lost one learn of it from the pool while they wait for this column
            throw new RemoteException("forwarding column " + k + " failed", e);
        } finally {
            columns.put(k, new LuFactRanks.Column(pivot, column));
        }
    }

    private void forward(int root, int k, int pivot, double[] column) throws PoolException {
        Pool p = pool;
        for (int child : Trees.children(root, p.rank(), p.size())) {
            try {
                p.service(child, LuFactNode.class).putColumn(root, k, pivot, column);
            } catch (RemoteException e) {
                throw p.lost(child, e);
            }
        }
    }
}
