package io.mobula.apps.cg;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.npb.GmiExchange;
import java.io.Serializable;

/**
 * NPB CG over GMI: {@code ./mobula run --np N io.mobula.apps.cg.CgGmi [SIZE]}. The gathers and sums are combined
 * invocations ({@link GmiExchange}).
 */
public final class CgGmi extends Parallel<Cg.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(CgKernel.INSTANCE, "gmi", args, new CgGmi());
    }

    @Override
    protected Serializable run(RankContext<Cg.Problem> ctx) throws Exception {
        return CgRanks.run(ctx, new GmiExchange(ctx, "npb-cg"));
    }
}
