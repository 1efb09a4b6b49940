package io.mobula.apps.cg;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.apps.npb.RmiExchange;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * NPB CG over RMI: {@code ./mobula run --np N io.mobula.apps.cg.CgRmi [SIZE]}. The gathers and sums are one-way
 * RMIs between every pair of ranks ({@link RmiExchange}).
 */
public final class CgRmi extends Parallel<Cg.Problem> {
    private final RmiExchange exchange = new RmiExchange();

    public static void main(String[] args) {
        KernelMain.parallel(CgKernel.INSTANCE, "rmi", args, new CgRmi());
    }

    @Override
    protected Remote service(Cg.Problem problem) {
        return exchange;
    }

    @Override
    protected Serializable run(RankContext<Cg.Problem> ctx) throws Exception {
        exchange.attach(ctx);
        return CgRanks.run(ctx, exchange);
    }
}
