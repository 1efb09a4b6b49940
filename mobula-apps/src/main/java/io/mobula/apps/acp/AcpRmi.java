package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.Trees;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * ACP over RMI, the optimized RMI version (thesis 3.5.1, 4.4.2): {@code ./mobula run --np N
 * io.mobula.apps.acp.AcpRmi [SIZE]}. Every rank keeps a private copy of the matrix and works asynchronously
 * ({@link AcpEngine}); the cells a rank removed go to every other rank along a binomial spanning tree of one-way RMIs
 * rooted at it, each rank forwarding them from the RMI thread and queueing them for its computing thread. Safra's
 * token ring, passed with one-way RMIs, detects termination ({@link SafraCoordinator}).
 */
public final class AcpRmi extends Parallel<Acp.Problem> implements AcpNode {
    private final AcpInbox inbox = new AcpInbox();
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
        Pool p = ctx.pool();
        pool = p;
        inbox.watch(ctx);
        int me = ctx.rank();
        return AcpEngine.rank(ctx, new SafraCoordinator(me, ctx.size(), inbox, new SafraCoordinator.Link() {
            @Override
            public void removed(int[] cells) throws PoolException {
                forward(me, n -> n.removed(me, cells));
            }

            @Override
            public void emptied() throws PoolException {
                forward(me, n -> n.emptied(me));
            }

            @Override
            public void token(int to, Safra.Token t) throws Exception {
                LongPoll.send(p, to, () -> p.service(to, AcpNode.class).token(t.count(), t.black()));
            }

            @Override
            public void stop(int end) throws PoolException {
                forward(me, n -> n.stop(me, end));
            }
        }));
    }

    @Override
    public void removed(int root, int[] cells) throws RemoteException {
        try {
            forward(root, n -> n.removed(root, cells));
        } catch (PoolException e) {
            // the ranks below the lost one learn of it from the pool while they wait
            throw new RemoteException("forwarding the removals of rank " + root + " failed", e);
        } finally {
            inbox.put(new AcpInbox.Batch(root, cells));
        }
    }

    @Override
    public void token(long count, boolean black) {
        inbox.put(new Safra.Token(count, black));
    }

    @Override
    public void stop(int root, int end) throws RemoteException {
        try {
            forward(root, n -> n.stop(root, end));
        } catch (PoolException e) {
            throw new RemoteException("forwarding the end of the run from rank " + root + " failed", e);
        } finally {
            inbox.put(new AcpInbox.Stop(end));
        }
    }

    @Override
    public void emptied(int root) throws RemoteException {
        try {
            forward(root, n -> n.emptied(root));
        } catch (PoolException e) {
            throw new RemoteException("forwarding the empty domain of rank " + root + " failed", e);
        } finally {
            inbox.put(new AcpInbox.Emptied(root));
        }
    }

    /** One call on a rank's node. */
    private interface Hop {
        void call(AcpNode node) throws RemoteException;
    }

    /** Makes {@code hop} on this rank's children in the binomial tree rooted at {@code root}. */
    private void forward(int root, Hop hop) throws PoolException {
        Pool p = pool;
        for (int child : Trees.children(root, p.rank(), p.size())) {
            try {
                hop.call(p.service(child, AcpNode.class));
            } catch (RemoteException e) {
                throw p.lost(child, e);
            }
        }
    }
}
