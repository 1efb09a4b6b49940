package io.mobula.apps.asp;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/**
 * The part every parallel ASP version shares: rows in blocks, and in iteration k the owner of row k hands it to the
 * version's broadcast, the others take it from there, and everyone relaxes its rows through it (thesis 2.5.3). The
 * owner of row k + 1 relaxes that row first and sends it at once, so the broadcast overlaps the computation.
 */
final class AspRanks {
    /** How a version moves row k from its owner to every rank. */
    interface RowBroadcast {
        /** Called on the owner of row k. */
        void send(int k, int[] row) throws Exception;

        /** Called on every other rank; waits (bounded) for row k. */
        int[] receive(int k) throws Exception;
    }

    private AspRanks() {
    }

    /** This rank's share; returns its rows of the result. */
    static int[][] run(RankContext<int[][]> ctx, RowBroadcast broadcast) throws Exception {
        int n = ctx.problem().length;
        int me = ctx.rank();
        int lo = Asp.lo(n, ctx.size(), me);
        int[][] mine = AspKernel.block(ctx.problem(), ctx.size(), me);
        ctx.startPhase();
        if (n > 0 && Asp.owner(n, ctx.size(), 0) == me) {
            broadcast.send(0, mine[0].clone());
        }
        for (int k = 0; k < n; k++) {
            int owner = Asp.owner(n, ctx.size(), k);
            int[] rowK = owner == me ? mine[k - lo] : broadcast.receive(k);
            // the row the others need next goes first, so its broadcast overlaps the rest of this iteration
            int next = k + 1 < n && Asp.owner(n, ctx.size(), k + 1) == me ? k + 1 - lo : -1;
            if (next >= 0) {
                Asp.relax(mine[next], rowK, k);
                broadcast.send(k + 1, mine[next].clone());
            }
            for (int i = 0; i < mine.length; i++) {
                if (i != next) {
                    Asp.relax(mine[i], rowK, k);
                }
            }
        }
        ctx.endPhase();
        if (mine.length > 0) {
            Faults.corrupt(ctx, mine[0]);
        }
        return mine;
    }
}
