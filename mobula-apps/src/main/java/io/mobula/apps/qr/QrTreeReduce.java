package io.mobula.apps.qr;

import io.mobula.rmi.NonBlocking;
import io.mobula.apps.Mailbox;
import io.mobula.apps.RankContext;
import io.mobula.apps.Trees;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.rmi.RemoteException;

/**
 * A rank's node of the reduce-to-all tree: waits for its children's candidates, sends the best to its parent, waits
 * for the result from the parent and passes it to its children. The tree is rooted at rank 0.
 */
public class QrTreeReduce implements QrReduce {
    private final Mailbox values = new Mailbox();
    private volatile Pool pool;

    /** Binds the node to the pool of {@code ctx}; before the first step. */
    void attach(RankContext<?> ctx) {
        pool = ctx.pool();
        values.watch(ctx);
    }

    private static long key(int j, int from) {
        return ((long) j << 20) | (from + 1);
    }

    /** The best candidate of every rank in step {@code j}. */
    double[] best(int j, double[] candidate) throws Exception {
        Pool p = pool;
        int me = p.rank();
        double[] acc = candidate;
        for (int child : Trees.children(0, me, p.size())) {
            double[] c = (double[]) values.take(key(j, child), "the candidate of rank " + child + " in step " + j);
            if (Qr.better(c, acc)) {
                acc = c;
            }
        }
        int parent = Trees.parent(0, me, p.size());
        if (parent >= 0) {
            double[] subtree = acc;
            call(p, parent, () -> p.service(parent, QrReduce.class).up(j, me, subtree));
            acc = (double[]) values.take(key(j, -1), "the best candidate of step " + j);
        }
        double[] best = acc;
        for (int child : Trees.children(0, me, p.size())) {
            call(p, child, () -> p.service(child, QrReduce.class).down(j, best));
        }
        return best;
    }

    private interface RemoteCall {
        void run() throws RemoteException;
    }

    private static void call(Pool p, int rank, RemoteCall c) throws PoolException {
        try {
            c.run();
        } catch (RemoteException e) {
            throw p.lost(rank, e);
        }
    }

    @Override
    @NonBlocking // a put into the mailbox: runs on the receive thread, no hand-off
    public void up(int j, int from, double[] candidate) {
        values.put(key(j, from), candidate);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs on the receive thread, no hand-off
    public void down(int j, double[] best) {
        values.put(key(j, -1), best);
    }
}
