package io.mobula.apps.asp;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * ASP, the naive RMI version: {@code ./mobula run --np N io.mobula.apps.asp.AspNaive [SIZE]}. One remote object on
 * rank 0 holds the rows: the owner of row k stores it there, and every other rank fetches it with an RMI that waits
 * until it is stored, so each row crosses the network once per rank (thesis 4.4.2).
 */
public final class AspNaive extends Parallel<int[][]> implements AspCentral {
    private int[][] tab;

    public static void main(String[] args) {
        KernelMain.parallel(AspKernel.INSTANCE, "naive-rmi", args, new AspNaive());
    }

    @Override
    protected Remote service(int[][] problem) {
        tab = new int[problem.length][];
        return this;
    }

    @Override
    protected Serializable run(RankContext<int[][]> ctx) throws Exception {
        Pool pool = ctx.pool();
        AspCentral rows = pool.service(0, AspCentral.class);
        return AspRanks.run(ctx, new AspRanks.RowBroadcast() {
            @Override
            public void send(int k, int[] row) throws Exception {
                LongPoll.send(pool, 0, () -> rows.store(k, row));
            }

            @Override
            public int[] receive(int k) throws Exception {
                return LongPoll.until(ctx, 0, () -> rows.retrieve(k), "row " + k);
            }
        });
    }

    @Override
    public synchronized void store(int k, int[] row) {
        tab[k] = row;
        notifyAll();
    }

    @Override
    public synchronized int[] retrieve(int k) throws RemoteException {
        return LongPoll.await(this, () -> tab[k] != null) ? tab[k] : null;
    }
}
