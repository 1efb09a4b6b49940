package io.mobula.apps.water;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/**
 * What the parallel Water versions share: each rank moves its block of molecules; each step it predicts its
 * molecules, gets the predicted positions of the blocks its half shells reach, computes its molecules'
 * intramolecular forces and its pairs, sends each of those blocks the forces on its molecules, adds up the forces on
 * its own molecules in rank order and corrects them (SPLASH's PREDIC, INTRAF, INTERF, CORREC, BNDRY).
 */
final class WaterRanks {
    /** How a version moves positions and forces between ranks. */
    interface Exchange {
        /** Sends this rank's positions of step {@code step} to rank {@code to}. */
        void sendPositions(int step, int to, double[] block) throws Exception;

        /** The positions rank {@code from} sent for step {@code step}; waits (bounded). */
        double[] positions(int step, int from) throws Exception;

        /** Sends rank {@code to} the forces this rank computed on its molecules in step {@code step}. */
        void sendForces(int step, int to, double[] block) throws Exception;

        /** The forces rank {@code from} computed on this rank's molecules in step {@code step}; waits (bounded). */
        double[] forces(int step, int from) throws Exception;
    }

    private WaterRanks() {
    }

    /** This rank's share; returns its block: positions, then velocities (9 numbers per molecule each). */
    static double[] run(RankContext<Water.Problem> ctx, Exchange ex) throws Exception {
        Water.Problem p = ctx.problem();
        WaterPotential w = p.potential();
        int n = p.molecules();
        int size = ctx.size();
        int me = ctx.rank();
        int lo = Water.lo(n, size, me);
        int hi = Water.lo(n, size, me + 1);
        boolean[] sources = Water.reaches(n, size, me);
        boolean[] readers = new boolean[size];
        for (int q = 0; q < size; q++) {
            readers[q] = q != me && Water.reaches(n, size, q)[me];
        }
        double[][] d = Water.start(p);
        ctx.startPhase();
        double[] f = forces(w, d[0], 0, lo, hi, sources, readers, ex, me);
        Water.scale(f, lo, hi);
        Water.startAccelerations(d, f, lo, hi);
        for (int s = 1; s <= p.steps(); s++) {
            Water.predict(d, lo, hi);
            double[] mine = java.util.Arrays.copyOfRange(d[0], 9 * lo, 9 * hi);
            for (int q = 0; q < size; q++) {
                if (readers[q]) {
                    ex.sendPositions(s, q, mine);
                }
            }
            for (int q = 0; q < size; q++) {
                if (sources[q]) {
                    System.arraycopy(ex.positions(s, q), 0, d[0], 9 * Water.lo(n, size, q),
                            9 * (Water.lo(n, size, q + 1) - Water.lo(n, size, q)));
                }
            }
            f = forces(w, d[0], s, lo, hi, sources, readers, ex, me);
            Water.scale(f, lo, hi);
            Water.correct(p.side(), d, f, lo, hi);
        }
        ctx.endPhase();
        int len = 9 * (hi - lo);
        double[] part = new double[2 * len];
        System.arraycopy(d[0], 9 * lo, part, 0, len);
        for (int i = 0; i < len; i++) {
            part[len + i] = d[1][9 * lo + i] / Water.DT;
        }
        if (Faults.corrupts(ctx) && part.length > 0) {
            part[0] += 0.5 * p.side(); // far beyond the tolerance
        }
        return part;
    }

    /** The forces of step {@code s}: this rank's pairs, the others' forces on its molecules added in rank order. */
    private static double[] forces(WaterPotential w, double[] pos, int s, int lo, int hi, boolean[] sources,
                                   boolean[] readers, Exchange ex, int me) throws Exception {
        int n = pos.length / 9;
        int size = sources.length;
        double[] f = new double[9 * n];
        Water.forces(w, pos, lo, hi, f);
        for (int q = 0; q < size; q++) {
            if (sources[q]) {
                int qlo = Water.lo(n, size, q);
                ex.sendForces(s, q, java.util.Arrays.copyOfRange(f, 9 * qlo, 9 * Water.lo(n, size, q + 1)));
            }
        }
        double[] total = new double[9 * (hi - lo)];
        for (int q = 0; q < size; q++) {
            double[] part = q == me ? java.util.Arrays.copyOfRange(f, 9 * lo, 9 * hi)
                    : readers[q] ? ex.forces(s, q) : null;
            if (part != null) {
                for (int i = 0; i < total.length; i++) {
                    total[i] += part[i];
                }
            }
        }
        System.arraycopy(total, 0, f, 9 * lo, total.length);
        return f;
    }
}
