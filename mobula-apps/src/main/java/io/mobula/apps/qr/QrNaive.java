package io.mobula.apps.qr;

import io.mobula.apps.KernelMain;
import io.mobula.apps.LongPoll;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * QR, the naive RMI version: {@code ./mobula run --np N io.mobula.apps.qr.QrNaive [SIZE]}. One remote object on
 * rank 0 does both collectives (thesis 4.4.2): every rank submits its pivot candidate and fetches the best with an RMI
 * that waits until all have submitted; the pivot's owner stores H there and the others fetch it, as in naive ASP.
 * QR is synchronous, so two steps' reductions (by parity) and H of the last two steps are all that is kept.
 */
public final class QrNaive extends Parallel<double[][]> implements QrCentral {
    private final double[][] best = new double[2][];
    private final int[] step = {-1, -1};
    private final int[] count = new int[2];
    private double[][] hs;
    private int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(QrKernel.INSTANCE, "naive-rmi", args, new QrNaive());
    }

    @Override
    protected Remote service(double[][] problem) {
        hs = new double[problem.length == 0 ? 0 : Math.min(problem.length, problem[0].length)][];
        return this;
    }

    @Override
    protected Serializable run(RankContext<double[][]> ctx) throws Exception {
        Pool pool = ctx.pool();
        synchronized (this) {
            ranks = pool.size(); // before the phase's barrier, so before any submit
        }
        QrCentral central = pool.service(0, QrCentral.class);
        return QrRanks.run(ctx, new QrRanks.Comm() {
            @Override
            public double[] best(int j, double[] candidate) throws Exception {
                LongPoll.send(pool, 0, () -> central.submit(j, candidate));
                return LongPoll.until(ctx, 0, () -> central.best(j), "the pivot of step " + j);
            }

            @Override
            public void send(int j, double[] h) throws Exception {
                LongPoll.send(pool, 0, () -> central.store(j, h));
            }

            @Override
            public double[] receive(int j, int owner) throws Exception {
                return LongPoll.until(ctx, 0, () -> central.retrieve(j), "H of step " + j);
            }
        });
    }

    @Override
    public synchronized void submit(int j, double[] candidate) {
        int s = j & 1;
        if (step[s] != j) {
            step[s] = j;
            count[s] = 0;
            best[s] = Qr.none();
        }
        if (Qr.better(candidate, best[s])) {
            best[s] = candidate;
        }
        count[s]++;
        notifyAll();
    }

    @Override
    public synchronized double[] best(int j) throws RemoteException {
        int s = j & 1;
        return LongPoll.await(this, () -> step[s] == j && count[s] == ranks) ? best[s].clone() : null;
    }

    @Override
    public synchronized void store(int j, double[] h) {
        hs[j] = h;
        if (j >= 2) {
            hs[j - 2] = null;
        }
        notifyAll();
    }

    @Override
    public synchronized double[] retrieve(int j) throws RemoteException {
        return LongPoll.await(this, () -> hs[j] != null) ? hs[j] : null;
    }
}
