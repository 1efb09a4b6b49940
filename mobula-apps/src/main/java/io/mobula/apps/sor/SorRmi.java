package io.mobula.apps.sor;

import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import io.mobula.rmi.NonBlocking;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Arrays;

/**
 * SOR over RMI: {@code ./mobula run --np N io.mobula.apps.sor.SorRmi [SIZE]}. Rows in contiguous blocks; after each
 * colour phase a rank sends its first row to the rank above and its last to the rank below by one-way RMI, then
 * waits for theirs (thesis 2.5.3).
 */
public final class SorRmi extends Parallel<SorKernel.Problem> implements SorNeighbour {
    private final Mailbox rows = new Mailbox();

    public static void main(String[] args) {
        KernelMain.parallel(SorKernel.INSTANCE, "rmi", args, new SorRmi());
    }

    @Override
    protected Remote service(SorKernel.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<SorKernel.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        rows.watch(ctx);
        int n = ctx.problem().n();
        int r = ctx.rank();
        int size = ctx.size();
        if (size > n - 2) {
            throw new IllegalArgumentException(size + " ranks for " + (n - 2) + " interior rows; use fewer ranks");
        }
        int lo = Sor.lo(n, size, r);
        int hi = Sor.lo(n, size, r + 1);
        double[][] g = new double[n][];
        for (int i = lo - 1; i <= hi; i++) {
            g[i] = Sor.initialRow(n, i);
        }
        SorNeighbour above = r > 0 ? pool.service(r - 1, SorNeighbour.class) : null;
        SorNeighbour below = r < size - 1 ? pool.service(r + 1, SorNeighbour.class) : null;
        double omega = Sor.omega(n);
        ctx.startPhase();
        for (int it = 0; it < ctx.problem().iterations(); it++) {
            for (int colour = 0; colour < 2; colour++) {
                int step = 2 * it + colour;
                Sor.relax(g, lo, hi, colour, omega);
                send(pool, above, r - 1, step, false, g[lo]);
                send(pool, below, r + 1, step, true, g[hi - 1]);
                if (above != null) {
                    g[lo - 1] = (double[]) rows.take(key(step, true), "row of step " + step + " from rank " + (r - 1));
                }
                if (below != null) {
                    g[hi] = (double[]) rows.take(key(step, false), "row of step " + step + " from rank " + (r + 1));
                }
            }
        }
        ctx.endPhase();
        double[][] mine = Arrays.copyOfRange(g, lo, hi);
        Faults.corrupt(ctx, mine[0]);
        return mine;
    }

    private static long key(int step, boolean fromAbove) {
        return 2L * step + (fromAbove ? 1 : 0);
    }

    private static void send(Pool pool, SorNeighbour to, int rank, int step, boolean fromAbove, double[] row)
            throws PoolException {
        if (to != null) {
            try {
                to.putRow(step, fromAbove, row);
            } catch (RemoteException e) {
                throw pool.lost(rank, e);
            }
        }
    }

    @Override
    @NonBlocking // a map put under a lock that no thread holds across a wait: runs on the receive thread
    public void putRow(int step, boolean fromAbove, double[] row) {
        rows.put(key(step, fromAbove), row);
    }
}
