package io.mobula.apps.leq;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.repmi.Cloud;
import java.io.Serializable;

/**
 * LEQ over RepMI: {@code ./mobula run --np N io.mobula.apps.leq.LeqRepmi [SIZE]}. Every rank writes its block and
 * largest change into one replicated {@link LeqVector}; each write is broadcast, and once a replica holds every
 * block the rank reads x and the reduction locally (thesis 4.4.2).
 */
public final class LeqRepmi extends Parallel<Leq.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(LeqKernel.INSTANCE, "repmi", args, new LeqRepmi());
    }

    @Override
    protected Serializable run(RankContext<Leq.Problem> ctx) throws Exception {
        Cloud.attach(ctx.pool());
        LeqVector v = ctx.rank() == 0
                ? Cloud.create(LeqVector.class, LeqVectorRoot.class, "leq-x", ctx.problem().n(), ctx.size())
                : Cloud.lookup("leq-x", LeqVector.class);
        long timeout = ctx.settings().stall().toMillis();
        return LeqRanks.run(ctx, (it, lo, block, delta) -> {
            v.put(it, lo, block, delta);
            return v.result(it, timeout);
        });
    }
}
