package io.mobula.apps.leq;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/** What every parallel LEQ version shares: compute a block of x, exchange, repeat until converged. */
final class LeqRanks {
    /** How a version exchanges the blocks and the changes of one iteration. */
    interface Exchange {
        /**
         * Hands this rank's block of iteration {@code it} (x[lo ..< lo + block.length]) and its largest change to
         * the others; returns the whole new x with the largest change of all as an extra last element.
         */
        double[] exchange(int it, int lo, double[] block, double delta) throws Exception;
    }

    private LeqRanks() {
    }

    /** This rank's share; returns {iterations, its block of x}. */
    static double[] run(RankContext<Leq.Problem> ctx, Exchange exchange) throws Exception {
        Leq.Problem p = ctx.problem();
        int n = p.n();
        int lo = Leq.lo(n, ctx.size(), ctx.rank());
        int hi = Leq.lo(n, ctx.size(), ctx.rank() + 1);
        double[] x = new double[n];
        int it = 0;
        double delta;
        ctx.startPhase();
        do {
            double[] block = new double[hi - lo];
            double mine = Leq.step(p, x, lo, hi, block);
            it++;
            double[] all = exchange.exchange(it, lo, block, mine);
            delta = all[n];
            x = all;
        } while (Leq.goesOn(it, delta));
        ctx.endPhase();
        double[] part = new double[hi - lo + 1];
        part[0] = it;
        System.arraycopy(x, lo, part, 1, hi - lo);
        if (part.length > 1) {
            double[] corrupted = Faults.corrupt(ctx, new double[] {part[1]});
            part[1] = corrupted[0];
        }
        return part;
    }
}
