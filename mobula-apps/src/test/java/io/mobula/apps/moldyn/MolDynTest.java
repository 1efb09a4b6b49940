package io.mobula.apps.moldyn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The forces against the gradient of the potential energy, energy conservation, and the sums of emulated ranks
 * against the sequential run.
 */
class MolDynTest {
    @Test
    void forcesAreMinusTheGradientOfThePotentialEnergy() {
        MolDyn.Problem p = MolDyn.problem(2, 0, 4);
        double[] pos = p.position().clone();
        int n = p.atoms();
        // shake the lattice so that the forces are not zero by symmetry
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(1);
        for (int i = 0; i < pos.length; i++) {
            pos[i] += rnd.nextDouble(-0.05, 0.05);
        }
        double[] f = new double[3 * n + 3];
        MolDyn.forces(p.side(), p.cutoff(), pos, 0, 1, f);
        double h = 1e-6;
        for (int i = 0; i < 3 * n; i += 7) {
            double keep = pos[i];
            pos[i] = keep + h;
            double up = energy(p, pos);
            pos[i] = keep - h;
            double down = energy(p, pos);
            pos[i] = keep;
            assertEquals(-(up - down) / (2 * h), f[i], 1e-5 * (1 + Math.abs(f[i])), "force component " + i);
        }
    }

    /** The potential energy by direct summation over all pairs, apart from the force loop. */
    private static double energy(MolDyn.Problem p, double[] pos) {
        int n = pos.length / 3;
        double rc2 = p.cutoff() * p.cutoff();
        double shift = 4 * (Math.pow(rc2, -6) - Math.pow(rc2, -3));
        double e = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    double r2 = 0;
                    for (int d = 0; d < 3; d++) {
                        double x = pos[3 * i + d] - pos[3 * j + d];
                        x -= p.side() * Math.round(x / p.side());
                        r2 += x * x;
                    }
                    if (r2 < rc2) {
                        e += 0.5 * (4 * (Math.pow(r2, -6) - Math.pow(r2, -3)) - shift);
                    }
                }
            }
        }
        return e;
    }

    @Test
    void totalEnergyIsConserved() {
        MolDyn.Problem p = MolDyn.problem(3, 200, 6);
        MolDyn.Result r = MolDyn.run(p);
        double e0 = r.energy(0);
        double moved = 0;
        for (int m = 1; m <= p.moves(); m++) {
            assertEquals(e0, r.energy(m), 2e-4 * Math.abs(e0), "total energy after move " + m);
            moved = Math.max(moved, Math.abs(r.kinetic()[m] - r.kinetic()[0]));
        }
        assertTrue(moved > 1e-3 * Math.abs(e0), "the atoms exchange kinetic and potential energy");
    }

    @Test
    void sumsOverEmulatedRanksAgreeWithinTheTolerance() throws Exception {
        MolDyn.Problem p = MolDyn.problem(4, 50, 2);
        MolDyn.Result seq = MolDyn.run(p);
        for (int size = 2; size <= 4; size++) {
            int ranks = size;
            MolDyn.Result par = MolDyn.simulate(p, (step, pos) -> {
                double[] sum = new double[pos.length + 3];
                for (int r = 0; r < ranks; r++) {
                    double[] part = new double[pos.length + 3];
                    MolDyn.forces(p.side(), p.cutoff(), pos, r, ranks, part);
                    for (int i = 0; i < sum.length; i++) {
                        sum[i] += part[i];
                    }
                }
                return sum;
            });
            assertNull(MolDyn.compare(p, seq, par), size + " ranks");
        }
    }

    @Test
    void aWrongForceIsCaught() throws Exception {
        MolDyn.Problem p = MolDyn.problem(2, 10, 2);
        MolDyn.Result seq = MolDyn.run(p);
        MolDyn.Result wrong = MolDyn.simulate(p, MolDyn.ranks(p, 0, 1, (step, partial) -> {
            partial[0] += 0.01; // a force of about 1 % of a typical one on one atom
            return partial;
        }));
        assertNotNull(MolDyn.compare(p, seq, wrong));
    }
}
