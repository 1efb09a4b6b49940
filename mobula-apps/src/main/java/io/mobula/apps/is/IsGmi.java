package io.mobula.apps.is;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.npb.GmiExchange;
import java.io.Serializable;

/**
 * NPB IS over GMI: {@code ./mobula run --np N io.mobula.apps.is.IsGmi [SIZE]}. The bucket sizes are summed by a
 * combined invocation, the keys sent by one personalized invocation per rank ({@link GmiExchange}).
 */
public final class IsGmi extends Parallel<Is.Problem> {
    public static void main(String[] args) {
        KernelMain.parallel(IsKernel.INSTANCE, "gmi", args, new IsGmi());
    }

    @Override
    protected Serializable run(RankContext<Is.Problem> ctx) throws Exception {
        return IsRanks.run(ctx, new GmiExchange(ctx, "npb-is"));
    }
}
