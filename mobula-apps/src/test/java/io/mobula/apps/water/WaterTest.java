package io.mobula.apps.water;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The half shells against all pairs, energy conservation, and sums over emulated ranks against the sequential run. */
class WaterTest {
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

    @Test
    void halfShellForcesEqualDirectSummationOverAllPairs() {
        Water.Problem p = Water.problem(3, 0, 5);
        double[] pos = p.position().clone();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(2);
        for (int i = 0; i < pos.length; i++) {
            pos[i] += rnd.nextDouble(-0.1, 0.1);
        }
        int n = p.molecules();
        double[] f = new double[3 * n];
        Water.forces(p.side(), pos, 0, n, f);
        double rc2 = p.side() * p.side() / 4;
        for (int i = 0; i < n; i++) {
            double[] direct = new double[3];
            for (int j = 0; j < n; j++) {
                if (j == i) {
                    continue;
                }
                double[] d = new double[3];
                double r2 = 0;
                for (int c = 0; c < 3; c++) {
                    d[c] = pos[3 * i + c] - pos[3 * j + c];
                    d[c] -= p.side() * Math.round(d[c] / p.side());
                    r2 += d[c] * d[c];
                }
                if (r2 < rc2) {
                    double mag = 48 * Math.pow(r2, -7) - 24 * Math.pow(r2, -4);
                    for (int c = 0; c < 3; c++) {
                        direct[c] += mag * d[c];
                    }
                }
            }
            assertArrayEquals(direct, java.util.Arrays.copyOfRange(f, 3 * i, 3 * i + 3),
                    1e-9 * (1 + Math.abs(direct[0]) + Math.abs(direct[1]) + Math.abs(direct[2])), "molecule " + i);
        }
    }

    @Test
    void totalEnergyIsConserved() {
        Water.Problem p = Water.problem(5, 200, 3);
        double[] e = new double[p.steps() + 1];
        Water.run(p, e);
        for (int s = 1; s <= p.steps(); s++) {
            assertEquals(e[0], e[s], 1e-3 * Math.abs(e[0]), "total energy after step " + s);
        }
    }

    @Test
    void sumsOverEmulatedRanksAgreeWithinTheTolerance() {
        Water.Problem p = Water.problem(6, 30, 4);
        Water.State seq = Water.run(p, null);
        int n = p.molecules();
        for (int size = 2; size <= 5; size++) {
            double[] pos = p.position().clone();
            double[] vel = p.velocity().clone();
            double[] f = emulatedForces(p, pos, size);
            for (int s = 1; s <= p.steps(); s++) {
                Water.kickDrift(p.side(), pos, vel, f, 0, n);
                f = emulatedForces(p, pos, size);
                Water.kick(vel, f, 0, n);
            }
            assertNull(Water.compare(p, seq, new Water.State(pos, vel)), size + " ranks");
        }
        double[] wrong = seq.position().clone();
        wrong[4] += 1e-6 * p.side();
        assertNotNull(Water.compare(p, seq, new Water.State(wrong, seq.velocity())));
    }

    /** Each emulated rank's pairs into its own array, summed in rank order. */
    private static double[] emulatedForces(Water.Problem p, double[] pos, int size) {
        int n = p.molecules();
        double[] sum = new double[3 * n];
        for (int r = 0; r < size; r++) {
            double[] part = new double[3 * n];
            Water.forces(p.side(), pos, Water.lo(n, size, r), Water.lo(n, size, r + 1), part);
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
