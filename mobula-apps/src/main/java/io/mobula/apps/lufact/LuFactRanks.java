package io.mobula.apps.lufact;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/**
 * What every parallel LUFact version shares: the columns dealt out cyclically; in step k the owner of column k
 * broadcasts its pivot row with the column of multipliers, and every rank eliminates its columns right of k with
 * them. The owner of column k + 1 eliminates and pivots that column first and broadcasts it at once, so the broadcast
 * overlaps the rest of step k. A column is final once it is broadcast, so rank 0, which receives them all, ends with
 * the whole factorization and does the triangular solve (thesis 5.5.2: a parallel factorization, a sequential
 * solve).
 */
final class LuFactRanks {
    /** A broadcast column: the pivot row of step k and column k after it. */
    record Column(int pivot, double[] column) {
    }

    /** How a version moves column k from its owner to every rank. */
    interface ColumnBroadcast {
        /** Called on the owner of column k. */
        void send(int k, int pivot, double[] column) throws Exception;

        /** Called on every other rank; waits (bounded) for column k. */
        Column receive(int k) throws Exception;
    }

    private LuFactRanks() {
    }

    /** This rank's share; rank 0 returns x, the others an empty array. */
    static double[] run(RankContext<LuFact.Problem> ctx, ColumnBroadcast broadcast) throws Exception {
        LuFact.Problem p = ctx.problem();
        int n = p.n();
        int me = ctx.rank();
        int size = ctx.size();
        double[][] a = new double[n][];
        for (int j = me; j < n; j += size) {
            a[j] = p.a()[j].clone();
        }
        int[] ipvt = new int[n];
        ctx.startPhase();
        if (n > 0 && LuFact.owner(0, size) == me) {
            ipvt[0] = LuFact.pivot(a[0], 0);
            broadcast.send(0, ipvt[0], a[0]);
        }
        for (int k = 0; k < n; k++) {
            double[] colK;
            if (LuFact.owner(k, size) == me) {
                colK = a[k];
            } else {
                Column c = broadcast.receive(k);
                ipvt[k] = c.pivot();
                colK = c.column();
                if (me == 0) {
                    a[k] = colK;
                }
            }
            int next = k + 1 < n && LuFact.owner(k + 1, size) == me ? k + 1 : -1;
            if (next >= 0) {
                LuFact.eliminate(a[next], colK, k, ipvt[k]);
                ipvt[next] = LuFact.pivot(a[next], next);
                broadcast.send(next, ipvt[next], a[next]);
            }
            int first = k + 1 + Math.floorMod(me - (k + 1), size);
            for (int j = first; j < n; j += size) {
                if (j != next) {
                    LuFact.eliminate(a[j], colK, k, ipvt[k]);
                }
            }
        }
        double[] x = me == 0 ? LuFact.solve(a, ipvt, p.b()) : new double[0];
        ctx.endPhase();
        return Faults.corrupt(ctx, x);
    }
}
