package io.mobula.apps.acp;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import java.util.Arrays;

/**
 * What every parallel ACP version shares (thesis 3.5.1): the variables are divided statically in blocks, every rank
 * keeps a copy of the whole matrix and restricts its own variables as far as it can, then hands the cells it
 * removed to the version's exchange and applies every other rank's removals to its copy, requeueing the arcs of its
 * variables towards a variable that lost values (the queue holds arcs, as in AC-3). A round in which no rank removed
 * anything ends the run: every rank learns so from the same exchange, so no separate termination detection is
 * needed.
 */
final class AcpRanks {
    /** How a version moves each rank's removed cells of one round to every rank. */
    interface Exchange {
        /** Hands this rank's removed cells of {@code round} to the others; returns every rank's, in rank order. */
        int[][] exchange(int round, int[] removed) throws Exception;
    }

    private AcpRanks() {
    }

    /** Key of rank {@code from}'s cells of {@code round} in a mailbox. */
    static long key(int round, int from) {
        return ((long) round << 20) | from;
    }

    /** This rank's share; returns its rows of the matrix. */
    static boolean[][] run(RankContext<Acp.Problem> ctx, Exchange exchange) throws Exception {
        Acp.Problem p = ctx.problem();
        int me = ctx.rank();
        int lo = Acp.lo(p.n(), ctx.size(), me);
        int hi = Acp.lo(p.n(), ctx.size(), me + 1);
        boolean[][] d = Acp.fullDomains(p);
        Acp.Work work = new Acp.Work(p, lo, hi);
        Acp.Cells removed = new Acp.Cells();
        ctx.startPhase();
        work.pushAll();
        boolean changes = true;
        for (int round = 1; changes; round++) {
            while (!work.isEmpty()) {
                int i = work.popVariable();
                if (Acp.revise(p, d, i, work.popArc(), removed)) {
                    Acp.requeue(p, i, work);
                }
            }
            int[][] all = exchange.exchange(round, removed.drain());
            changes = false;
            for (int r = 0; r < all.length; r++) {
                changes |= all[r].length > 0;
                if (r == me) {
                    continue;
                }
                int last = -1;
                for (int c : all[r]) {
                    int j = c / p.m();
                    d[j][c % p.m()] = false;
                    if (j != last) { // consecutive cells of one variable requeue once
                        Acp.requeue(p, j, work);
                        last = j;
                    }
                }
            }
        }
        ctx.endPhase();
        boolean[][] mine = Arrays.copyOfRange(d, lo, hi);
        if (mine.length > 0 && p.m() > 0 && Faults.corrupts(me)) {
            mine[0][0] = !mine[0][0];
        }
        return mine;
    }
}
