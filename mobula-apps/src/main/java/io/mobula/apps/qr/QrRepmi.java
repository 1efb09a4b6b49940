package io.mobula.apps.qr;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * QR over RepMI: {@code ./mobula run --np N io.mobula.apps.qr.QrRepmi [SIZE]}. The pivot is found by the RMI
 * reduce-to-all tree; the pivot's owner stores H in a replicated {@link QrBroadcast} and the others read it from
 * their replicas (thesis 4.4.2).
 */
public final class QrRepmi extends Parallel<double[][]> {
    private final QrTreeReduce reduce = new QrTreeReduce();

    public static void main(String[] args) {
        KernelMain.parallel(QrKernel.INSTANCE, "repmi", args, new QrRepmi());
    }

    @Override
    protected Remote service(double[][] problem) {
        return reduce;
    }

    @Override
    protected Serializable run(RankContext<double[][]> ctx) throws Exception {
        reduce.attach(ctx);
        Cloud.attach(ctx.pool());
        int steps = ctx.problem().length == 0 ? 0 : Math.min(ctx.problem().length, ctx.problem()[0].length);
        QrBroadcast hs = ctx.rank() == 0
                ? Cloud.create(QrBroadcast.class, QrBroadcastRoot.class, "qr-h", Math.max(steps, 1))
                : Cloud.lookup("qr-h", QrBroadcast.class);
        long timeout = ctx.settings().stall().toMillis();
        return QrRanks.run(ctx, new QrRanks.Comm() {
            @Override
            public double[] best(int j, double[] candidate) throws Exception {
                return reduce.best(j, candidate);
            }

            @Override
            public void send(int j, double[] h) {
                hs.store(j, h);
            }

            @Override
            public double[] receive(int j, int owner) throws Exception {
                return hs.retrieve(j, timeout);
            }
        });
    }
}
