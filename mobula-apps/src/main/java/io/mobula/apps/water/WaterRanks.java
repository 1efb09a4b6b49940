package io.mobula.apps.water;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/**
 * What the parallel Water versions share: each rank moves its block of molecules; each step it gets the positions
 * of the blocks its half shells reach, computes its pairs, sends each of those blocks the forces on its molecules,
 * and adds up the forces on its own molecules in rank order.
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

    /** This rank's share; returns its block: positions, then velocities. */
    static double[] run(RankContext<Water.Problem> ctx, Exchange ex) throws Exception {
        Water.Problem p = ctx.problem();
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
        double[] pos = p.position().clone();
        double[] vel = p.velocity().clone();
        ctx.startPhase();
        double[] f = forces(p, pos, 0, lo, hi, sources, readers, ex, me);
        for (int s = 1; s <= p.steps(); s++) {
            Water.kickDrift(p.side(), pos, vel, f, lo, hi);
            double[] mine = java.util.Arrays.copyOfRange(pos, 3 * lo, 3 * hi);
            for (int q = 0; q < size; q++) {
                if (readers[q]) {
                    ex.sendPositions(s, q, mine);
                }
            }
            for (int q = 0; q < size; q++) {
                if (sources[q]) {
                    System.arraycopy(ex.positions(s, q), 0, pos, 3 * Water.lo(n, size, q),
                            3 * (Water.lo(n, size, q + 1) - Water.lo(n, size, q)));
                }
            }
            f = forces(p, pos, s, lo, hi, sources, readers, ex, me);
            Water.kick(vel, f, lo, hi);
        }
        ctx.endPhase();
        double[] part = new double[6 * (hi - lo)];
        System.arraycopy(pos, 3 * lo, part, 0, 3 * (hi - lo));
        System.arraycopy(vel, 3 * lo, part, 3 * (hi - lo), 3 * (hi - lo));
        if (Faults.corrupts(me) && part.length > 0) {
            part[0] = Water.image(part[0] + 0.5 * p.side(), p.side()); // far beyond the tolerance
        }
        return part;
    }

    /** The forces of step {@code s}: this rank's pairs, the others' forces on its molecules added in rank order. */
    private static double[] forces(Water.Problem p, double[] pos, int s, int lo, int hi, boolean[] sources,
                                   boolean[] readers, Exchange ex, int me) throws Exception {
        int n = p.molecules();
        int size = sources.length;
        double[] f = new double[3 * n];
        Water.forces(p.side(), pos, lo, hi, f);
        for (int q = 0; q < size; q++) {
            if (sources[q]) {
                int qlo = Water.lo(n, size, q);
                ex.sendForces(s, q, java.util.Arrays.copyOfRange(f, 3 * qlo, 3 * Water.lo(n, size, q + 1)));
            }
        }
        double[] total = new double[3 * (hi - lo)];
        for (int q = 0; q < size; q++) {
            double[] part = q == me ? java.util.Arrays.copyOfRange(f, 3 * lo, 3 * hi)
                    : readers[q] ? ex.forces(s, q) : null;
            if (part != null) {
                for (int i = 0; i < total.length; i++) {
                    total[i] += part[i];
                }
            }
        }
        System.arraycopy(total, 0, f, 3 * lo, total.length);
        return f;
    }
}
