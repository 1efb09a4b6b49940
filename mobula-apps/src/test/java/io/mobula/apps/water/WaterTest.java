package io.mobula.apps.water;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The water model against independent computations (a dimer's energy by hand, forces against the energy's finite
 * differences, Newton's third law), energy conservation, the half shells against all pairs, and sums over emulated
 * ranks against the sequential run.
 */
class WaterTest {
    private static final double QQ = 0.07152158;

    @Test
    void halfShellsCountEveryPairOnce() {
        for (int n = 1; n < 40; n++) {
            int[][] seen = new int[n][n];
            for (int i = 0; i < n; i++) {
                for (int k = 1; k <= Water.shell(n, i); k++) {
                    int j = (i + k) % n;
                    seen[Math.min(i, j)][Math.max(i, j)]++;
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    assertEquals(1, seen[i][j], n + " molecules, pair " + i + "," + j);
                }
            }
        }
    }

    /** Two molecules 3 A apart, well inside the cut-off: the MCY energy summed site pair by site pair. */
    @Test
    void aDimerHasTheMcyEnergyComputedSitePairBySitePair() {
        double side = 40;
        double cutoff = 10;
        double[] pos = new double[18];
        double wcos = WaterPotential.ROH * Math.cos(WaterPotential.ANGLE / 2);
        double wsin = WaterPotential.ROH * Math.sin(WaterPotential.ANGLE / 2);
        // molecule 0 in the xy plane, molecule 1 3 A along z, turned to the xz plane and pointing the other way
        double[][] atoms = {
            {10 + wcos, 10 + wsin, 10}, {10, 10, 10}, {10 + wcos, 10 - wsin, 10},
            {10 - wcos, 10, 13 + wsin}, {10, 10, 13}, {10 - wcos, 10, 13 - wsin}};
        for (int a = 0; a < 6; a++) {
            System.arraycopy(atoms[a], 0, pos, 3 * a, 3);
        }
        // charge sites: M at 0.4568259 of the way from O to the midpoint of the hydrogens; q = sqrt(QQ) on H
        double cm = 0.45682590;
        double[][] m = new double[2][3];
        for (int mol = 0; mol < 2; mol++) {
            for (int c = 0; c < 3; c++) {
                double o = atoms[3 * mol + 1][c];
                double mid = (atoms[3 * mol][c] + atoms[3 * mol + 2][c]) / 2;
                m[mol][c] = o + cm * (mid - o);
            }
        }
        double[][][] charges = {{m[0], atoms[0], atoms[2]}, {m[1], atoms[3], atoms[5]}};
        double[] q = {-2, 1, 1};
        double expected = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double r = dist(charges[0][i], charges[1][j]);
                expected += q[i] * q[j] * QQ * (1 / r + r * r / (2 * cutoff * cutoff * cutoff));
            }
        }
        expected += 455.313100 * Math.exp(-5.15271070 * dist(atoms[1], atoms[4]));
        for (int h : new int[] {0, 2}) {
            for (int k : new int[] {3, 5}) {
                expected += 0.27879839 * Math.exp(-2.76084370 * dist(atoms[h], atoms[k]));
            }
        }
        for (double[][] oh : new double[][][] {{atoms[1], atoms[3]}, {atoms[1], atoms[5]}, {atoms[4], atoms[0]},
            {atoms[4], atoms[2]}}) {
            double r = dist(oh[0], oh[1]);
            expected += 0.60895706 * Math.exp(-2.96189550 * r) - 0.11447336 * Math.exp(-2.23326410 * r);
        }
        WaterPotential w = new WaterPotential(side, cutoff);
        double[] ms = new double[6];
        WaterPotential.chargeSites(pos, ms);
        double e = w.pairEnergy(pos, ms, 0, 1, new double[WaterPotential.SCRATCH]);
        assertEquals(expected, e, 1e-12 * Math.abs(expected));
        // the same pair across the box's boundary: molecule 1 moved by one side
        double[] moved = pos.clone();
        for (int a = 3; a < 6; a++) {
            moved[3 * a + 2] += side;
        }
        WaterPotential.chargeSites(moved, ms);
        assertEquals(expected, w.pairEnergy(moved, ms, 0, 1, new double[WaterPotential.SCRATCH]),
                1e-12 * Math.abs(expected));
        // beyond the cut-off altogether: no interaction
        for (int a = 3; a < 6; a++) {
            moved[3 * a + 2] = pos[3 * a + 2] + 12;
        }
        WaterPotential.chargeSites(moved, ms);
        assertEquals(0, w.pairEnergy(moved, ms, 0, 1, new double[WaterPotential.SCRATCH]));
    }

    private static double dist(double[] a, double[] b) {
        double s = 0;
        for (int c = 0; c < 3; c++) {
            s += (a[c] - b[c]) * (a[c] - b[c]);
        }
        return Math.sqrt(s);
    }

    /** A disordered box (bonds stretched, angles bent): every force is minus the energy's central difference. */
    @Test
    void forcesAreMinusTheGradientOfTheEnergy() {
        Water.Problem p = Water.problem(3, 0, 5);
        double[] pos = p.position().clone();
        SplittableRandom rnd = new SplittableRandom(2);
        for (int i = 0; i < pos.length; i++) {
            pos[i] += rnd.nextDouble(-0.08, 0.08);
        }
        WaterPotential w = p.potential();
        int n = p.molecules();
        double[] f = new double[pos.length];
        Water.forces(w, pos, 0, n, f);
        double h = 1e-6;
        double largest = 0;
        for (double x : f) {
            largest = Math.max(largest, Math.abs(x));
        }
        for (int i = 0; i < pos.length; i++) {
            double keep = pos[i];
            pos[i] = keep + h;
            double up = Water.potentialEnergy(w, pos);
            pos[i] = keep - h;
            double down = Water.potentialEnergy(w, pos);
            pos[i] = keep;
            double numeric = -(up - down) / (2 * h);
            assertEquals(numeric, f[i], 1e-6 * largest, "coordinate " + i % 3 + " of atom " + i / 3 % 3
                    + " of molecule " + i / 9);
        }
    }

    @Test
    void theForcesSumToZero() {
        Water.Problem p = Water.problem(4, 0, 6);
        double[] pos = p.position().clone();
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < pos.length; i++) {
            pos[i] += rnd.nextDouble(-0.08, 0.08);
        }
        double[] f = new double[pos.length];
        Water.forces(p.potential(), pos, 0, p.molecules(), f);
        double[] sum = new double[3];
        double largest = 0;
        for (int i = 0; i < f.length; i++) {
            sum[i % 3] += f[i];
            largest = Math.max(largest, Math.abs(f[i]));
        }
        assertTrue(largest > 1e-3, "some force: " + largest);
        assertArrayEquals(new double[3], sum, 1e-12 * largest * f.length);
    }

    /**
     * 125 molecules, 120 steps (18 fs, two O-H vibrations): the total energy stays within 0.5% of the kinetic energy
     * of the start (it moves by about 0.15%, most of it in the first steps, where the higher derivatives start from
     * zero as in SPLASH, shrinking with the square of the step), and the momentum stays zero. One corrector
     * coefficient of the 6-value method in place of the 7-value one's makes the energy change by 400%. A box of 125
     * molecules, not fewer: SPLASH counts the exponential terms of two molecules only while all their charge pairs
     * are within the cut-off, and in a smaller box that switches them on and off at distances where they are not
     * negligible.
     */
    @Test
    void energyAndMomentumAreConserved() {
        Water.Problem p = Water.problem(5, 120, 3);
        double[] e = new double[p.steps() / 4 + 1];
        Water.State end = Water.run(p, e, 4);
        double kinetic = Water.kineticEnergy(p.velocity());
        double drift = 0;
        for (int s = 1; s < e.length; s++) {
            drift = Math.max(drift, Math.abs(e[s] - e[0]));
        }
        assertTrue(drift < 5e-3 * kinetic, "largest change of the total energy " + drift + ", kinetic energy "
                + kinetic);
        double[] momentum = new double[3];
        double scale = 0;
        for (int i = 0; i < end.velocity().length; i++) {
            double pi = WaterPotential.mass(i / 3 % 3) * end.velocity()[i];
            momentum[i % 3] += pi;
            scale += Math.abs(pi);
        }
        assertArrayEquals(new double[3], momentum, 1e-10 * scale);
        // the start is at SPLASH's temperature
        assertEquals(Water.TEMPERATURE, Water.temperature(p.velocity()), 1e-9 * Water.TEMPERATURE);
    }

    @Test
    void sumsOverEmulatedRanksAgreeWithinTheTolerance() {
        Water.Problem p = Water.problem(4, 20, 4);
        Water.State seq = Water.run(p);
        int n = p.molecules();
        WaterPotential w = p.potential();
        for (int size = 2; size <= 5; size++) {
            double[][] d = Water.start(p);
            double[] f = emulatedForces(w, d[0], size);
            Water.scale(f, 0, n);
            Water.startAccelerations(d, f, 0, n);
            for (int s = 1; s <= p.steps(); s++) {
                Water.predict(d, 0, n);
                f = emulatedForces(w, d[0], size);
                Water.scale(f, 0, n);
                Water.correct(p.side(), d, f, 0, n);
            }
            assertNull(Water.compare(p, seq, new Water.State(d[0], Water.velocities(d))), size + " ranks");
        }
        double[] wrong = seq.position().clone();
        wrong[4] += 1e-6 * p.side();
        assertNotNull(Water.compare(p, seq, new Water.State(wrong, seq.velocity())));
    }

    /** Each emulated rank's forces into its own array, summed in rank order. */
    private static double[] emulatedForces(WaterPotential w, double[] pos, int size) {
        int n = pos.length / 9;
        double[] sum = new double[pos.length];
        for (int r = 0; r < size; r++) {
            double[] part = new double[pos.length];
            Water.forces(w, pos, Water.lo(n, size, r), Water.lo(n, size, r + 1), part);
            for (int i = 0; i < sum.length; i++) {
                sum[i] += part[i];
            }
        }
        return sum;
    }

    @Test
    void eachRankReachesTheBlocksItsHalfShellsTouch() {
        for (int n : new int[] {100, 101}) {
            reaches(n);
        }
    }

    private static void reaches(int n) {
        for (int size = 1; size <= 8; size++) {
            for (int r = 0; r < size; r++) {
                boolean[] reach = Water.reaches(n, size, r);
                assertTrue(!reach[r]);
                int count = 0;
                for (boolean b : reach) {
                    count += b ? 1 : 0;
                }
                // about half of the other ranks: the shells span n/2 molecules after the block
                assertTrue(count <= size / 2 + 1, size + " ranks, rank " + r + " reaches " + count);
                boolean[] brute = new boolean[size];
                for (int i = Water.lo(n, size, r); i < Water.lo(n, size, r + 1); i++) {
                    for (int k = 1; k <= Water.shell(n, i); k++) {
                        int q = Water.owner(n, size, (i + k) % n);
                        if (q != r) {
                            brute[q] = true;
                        }
                    }
                }
                assertArrayEquals(brute, reach, size + " ranks, rank " + r);
                for (int j = 0; j < n; j++) {
                    int q = Water.owner(n, size, j);
                    assertTrue(j >= Water.lo(n, size, q) && j < Water.lo(n, size, q + 1), "owner of " + j);
                }
            }
        }
    }
}
