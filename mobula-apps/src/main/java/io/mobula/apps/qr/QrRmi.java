package io.mobula.apps.qr;

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
 * QR over RMI: {@code ./mobula run --np N io.mobula.apps.qr.QrRmi [SIZE]}. The pivot is found by a reduce-to-all
 * up and down a binomial tree of one-way RMIs; the pivot's owner sends H along a spanning tree of one-way RMIs, each
 * rank forwarding it (the optimized RMI version, thesis 4.4.2).
 */
public final class QrRmi extends Parallel<double[][]> implements QrNode {
    private final QrTreeReduce reduce = new QrTreeReduce();
    private final Mailbox hs = new Mailbox();
    private volatile Pool pool;

    public static void main(String[] args) {
        KernelMain.parallel(QrKernel.INSTANCE, "rmi", args, new QrRmi());
    }

    @Override
    protected Remote service(double[][] problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<double[][]> ctx) throws Exception {
        pool = ctx.pool();
        hs.watch(ctx);
        reduce.attach(ctx);
        return QrRanks.run(ctx, new QrRanks.Comm() {
            @Override
            public double[] best(int j, double[] candidate) throws Exception {
                return reduce.best(j, candidate);
            }

            @Override
            public void send(int j, double[] h) throws PoolException {
                forward(j, pool.rank(), h);
            }

            @Override
            public double[] receive(int j, int owner) throws Exception {
                return (double[]) hs.take(j, "H of step " + j + " from rank " + owner);
            }
        });
    }

    private void forward(int j, int root, double[] h) throws PoolException {
        Pool p = pool;
        for (int child : Trees.children(root, p.rank(), p.size())) {
            try {
                p.service(child, QrNode.class).putH(j, root, h);
            } catch (RemoteException e) {
                throw p.lost(child, e);
            }
        }
    }

    @Override
    public void putH(int j, int root, double[] h) throws RemoteException {
        try {
            forward(j, root, h);
        } catch (PoolException e) {
            // the ranks below the lost one learn of it from the pool while they wait for H
            throw new RemoteException("forwarding H of step " + j + " failed", e);
        } finally {
            hs.put(j, h);
        }
    }

    @Override
    public void up(int j, int from, double[] candidate) {
        reduce.up(j, from, candidate);
    }

    @Override
    public void down(int j, double[] best) {
        reduce.down(j, best);
    }
}
