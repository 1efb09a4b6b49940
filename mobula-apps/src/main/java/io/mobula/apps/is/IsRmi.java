package io.mobula.apps.is;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.npb.RmiExchange;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * NPB IS over RMI: {@code ./mobula run --np N io.mobula.apps.is.IsRmi [SIZE]}. The sum of the bucket sizes and the
 * all-to-all of the keys are one-way RMIs between every pair of ranks ({@link RmiExchange}).
 */
public final class IsRmi extends Parallel<Is.Problem> {
    private final RmiExchange exchange = new RmiExchange();

    public static void main(String[] args) {
        KernelMain.parallel(IsKernel.INSTANCE, "rmi", args, new IsRmi());
    }

    @Override
    protected Remote service(Is.Problem problem) {
        return exchange;
    }

    @Override
    protected Serializable run(RankContext<Is.Problem> ctx) throws Exception {
        exchange.attach(ctx);
        return IsRanks.run(ctx, exchange);
    }
}
