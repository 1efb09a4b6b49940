package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * ACP, the naive RMI version: {@code ./mobula run --np N io.mobula.apps.acp.AcpNaive [SIZE]}. One remote object on
 * rank 0 holds the shared matrix's removals and detects termination (thesis 3.5.1, 4.4.2): a rank sends each batch
 * of removals with one RMI, and fetches the others' when it has nothing left to do, with an RMI that waits for some.
 */
public final class AcpNaive extends Parallel<Acp.Problem> implements AcpCentral {
    private AcpLog log;

    public static void main(String[] args) {
        KernelMain.parallel(AcpKernel.INSTANCE, "naive-rmi", args, new AcpNaive());
    }

    @Override
    protected Remote service(Acp.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<Acp.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        synchronized (this) {
            log = new AcpLog(pool.size()); // before the phase's barrier, so before any call
        }
        AcpCentral central = pool.service(0, AcpCentral.class);
        return AcpEngine.rank(ctx, new BoardCoordinator(ctx.rank(), new BoardCoordinator.Board() {
            @Override
            public void restrict(int rank, int[] cells) throws Exception {
                LongPoll.send(pool, 0, () -> central.restrict(rank, cells));
            }

            @Override
            public void passive(int rank, int read) throws Exception {
                LongPoll.send(pool, 0, () -> central.passive(rank, read));
            }

            @Override
            public void emptied(int rank) throws Exception {
                LongPoll.send(pool, 0, () -> central.emptied(rank));
            }

            @Override
            public AcpNews since(int rank, int from) {
                return null; // the naive version fetches only when it has nothing left to do
            }

            @Override
            public AcpNews await(int rank, int from) throws Exception {
                return LongPoll.until(ctx, 0, () -> central.since(rank, from), "removals or the end of the run");
            }
        }));
    }

    @Override
    public synchronized void restrict(int rank, int[] cells) {
        log.restrict(rank, cells);
        notifyAll();
    }

    @Override
    public synchronized void passive(int rank, int read) {
        if (log.passive(rank, read)) {
            notifyAll();
        }
    }

    @Override
    public synchronized void emptied(int rank) {
        log.emptied(rank);
        notifyAll();
    }

    @Override
    public synchronized AcpNews since(int rank, int from) throws java.rmi.RemoteException {
        return LongPoll.await(this, () -> log.news(from)) ? log.since(rank, from) : null;
    }
}
