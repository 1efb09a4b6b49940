package io.mobula.apps.acp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Arrays;

/**
 * ACP, the naive RMI version: {@code ./mobula run --np N io.mobula.apps.acp.AcpNaive [SIZE]}. One remote object on
 * rank 0 holds the shared matrix's removals: each round every rank sends its removals with one RMI and fetches every
 * rank's with another, which waits until all have sent (thesis 4.4.2). Two rounds are kept, by parity: no rank can
 * send round r + 2 before every rank has fetched round r.
 */
public final class AcpNaive extends Parallel<Acp.Problem> implements AcpCentral {
    private final int[][][] cells = new int[2][][];
    private final int[] round = new int[2];
    private final int[] count = new int[2];

    public static void main(String[] args) {
        KernelMain.parallel(AcpKernel.INSTANCE, "naive-rmi", args, new AcpNaive());
    }

    @Override
    protected Serializable run(RankContext<Acp.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        synchronized (this) {
            cells[0] = new int[pool.size()][]; // before the phase's barrier, so before any restrict
            cells[1] = new int[pool.size()][];
        }
        AcpCentral central = pool.service(0, AcpCentral.class);
        return AcpRanks.run(ctx, (r, removed) -> {
            LongPoll.send(pool, 0, () -> central.restrict(r, ctx.rank(), removed));
            return LongPoll.until(pool, 0, () -> central.removed(r), "the removals of round " + r);
        });
    }

    @Override
    protected Remote service(Acp.Problem problem) {
        return this;
    }

    @Override
    public synchronized void restrict(int r, int rank, int[] removed) {
        int s = r & 1;
        if (round[s] != r) {
            round[s] = r;
            count[s] = 0;
            Arrays.fill(cells[s], null);
        }
        cells[s][rank] = removed;
        count[s]++;
        notifyAll();
    }

    @Override
    public synchronized int[][] removed(int r) throws RemoteException {
        int s = r & 1;
        return LongPoll.await(this, () -> round[s] == r && count[s] == cells[s].length) ? cells[s].clone() : null;
    }
}
