package io.mobula.apps.barnes;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/** What the parallel Barnes-Hut versions share: move this rank's block each step, then exchange the blocks. */
final class BarnesRanks {
    /** How a version exchanges the blocks after a step. */
    interface Exchange {
        /**
         * Hands this rank's block of step {@code step} (bodies {@code lo ..< lo + n}: positions and velocities, 3n
         * each, one after the other) to the others, and writes every other rank's block into {@code pos} and
         * {@code vel}.
         */
        void exchange(int step, int lo, double[] block, double[] pos, double[] vel) throws Exception;
    }

    private BarnesRanks() {
    }

    /** This rank's share; returns its block: positions then velocities. */
    static double[] run(RankContext<Barnes.Problem> ctx, Exchange exchange) throws Exception {
        Barnes.Problem p = ctx.problem();
        int n = p.bodies();
        int lo = Barnes.lo(n, ctx.size(), ctx.rank());
        int hi = Barnes.lo(n, ctx.size(), ctx.rank() + 1);
        int len = 3 * (hi - lo);
        double[] pos = p.position().clone();
        double[] vel = p.velocity().clone();
        double[] nextPos = new double[pos.length];
        double[] nextVel = new double[vel.length];
        ctx.startPhase();
        for (int s = 0; s < p.steps(); s++) {
            Barnes.step(p, pos, vel, lo, hi, nextPos, nextVel);
            double[] block = new double[2 * len];
            System.arraycopy(nextPos, 3 * lo, block, 0, len);
            System.arraycopy(nextVel, 3 * lo, block, len, len);
            exchange.exchange(s, lo, block, nextPos, nextVel);
            double[] t = pos;
            pos = nextPos;
            nextPos = t;
            t = vel;
            vel = nextVel;
            nextVel = t;
        }
        ctx.endPhase();
        double[] part = new double[2 * len];
        System.arraycopy(pos, 3 * lo, part, 0, len);
        System.arraycopy(vel, 3 * lo, part, len, len);
        return Faults.corrupt(ctx.rank(), part);
    }

    /** Writes a block (as {@link Exchange#exchange} describes it) into {@code pos} and {@code vel}. */
    static void unpack(int lo, double[] block, double[] pos, double[] vel) {
        int len = block.length / 2;
        System.arraycopy(block, 0, pos, 3 * lo, len);
        System.arraycopy(block, len, vel, 3 * lo, len);
    }
}
