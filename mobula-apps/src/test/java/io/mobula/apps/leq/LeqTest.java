package io.mobula.apps.leq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The solution against the residual, and blocks computed apart against the whole step. */
class LeqTest {
    @Test
    void solutionHasASmallResidual() {
        for (int n : new int[] {2, 17, 60, 300}) {
            Leq.Problem p = Leq.problem(n, n);
            double[] x = Leq.solve(p);
            assertTrue(x[n] < Leq.MAX_ITERATIONS, "converged");
            double worst = 0;
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j < n; j++) {
                    s += p.a()[i][j] * x[j];
                }
                worst = Math.max(worst, Math.abs(s - p.b()[i]) / Math.abs(p.a()[i][i]));
            }
            // one more Jacobi step moves x[i] by (b - Ax)_i / a_ii, which is below epsilon at convergence
            assertTrue(worst < 10 * Leq.EPSILON, n + " unknowns: residual " + worst);
        }
    }

    @Test
    void blocksComputedApartEqualTheWholeStepBitForBit() {
        int n = 50;
        Leq.Problem p = Leq.problem(n, 9);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.sin(i);
        }
        double[] whole = new double[n];
        double delta = Leq.step(p, x, 0, n, whole);
        for (int size = 1; size <= 7; size++) {
            double[] parts = new double[n];
            double max = 0;
            for (int r = 0; r < size; r++) {
                int lo = Leq.lo(n, size, r);
                int hi = Leq.lo(n, size, r + 1);
                double[] block = new double[hi - lo];
                max = Math.max(max, Leq.step(p, x, lo, hi, block));
                System.arraycopy(block, 0, parts, lo, block.length);
            }
            assertArrayEquals(whole, parts, 0.0);
            assertTrue(max == delta);
        }
    }
}
