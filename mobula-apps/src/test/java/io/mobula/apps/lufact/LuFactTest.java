package io.mobula.apps.lufact;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The solution against the residual and the known x, one factorization for several right-hand sides. */
class LuFactTest {
    @Test
    void solutionHasASmallResidualAndIsAllOnes() {
        for (int n : new int[] {1, 2, 7, 40, 200}) {
            LuFact.Problem p = LuFact.problem(n, n);
            double[] x = LuFact.run(p);
            double r = LuFact.residual(p, x);
            assertTrue(r < 10, n + " unknowns: normalized residual " + r); // Linpack accepts O(1)
            for (double v : x) {
                assertEquals(1.0, v, 1e-9, "b is A times ones");
            }
        }
    }

    @Test
    void oneFactorizationSolvesOtherRightHandSides() {
        int n = 50;
        LuFact.Problem p = LuFact.problem(n, 5);
        double[][] lu = LuFact.copy(p.a());
        int[] ipvt = LuFact.factor(lu);
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(8);
        for (int t = 0; t < 5; t++) {
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = rnd.nextDouble(-10, 10);
            }
            double[] x = LuFact.solve(lu, ipvt, b);
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int j = 0; j < n; j++) {
                    s += p.a()[j][i] * x[j];
                }
                assertEquals(b[i], s, 1e-9, "row " + i);
            }
        }
    }

    @Test
    void cyclicColumnsComputedApartEqualTheWholeFactorizationBitForBit() {
        int n = 33;
        LuFact.Problem p = LuFact.problem(n, 3);
        double[] whole = LuFact.run(p);
        for (int size = 2; size <= 5; size++) {
            // each rank's columns in their own arrays, the steps in the order LuFactRanks takes them
            double[][] a = LuFact.copy(p.a());
            int[] ipvt = new int[n];
            for (int k = 0; k < n; k++) {
                ipvt[k] = LuFact.pivot(a[k], k);
                for (int r = 0; r < size; r++) {
                    for (int j = k + 1; j < n; j++) {
                        if (LuFact.owner(j, size) == r) {
                            LuFact.eliminate(a[j], a[k].clone(), k, ipvt[k]);
                        }
                    }
                }
            }
            assertArrayEquals(whole, LuFact.solve(a, ipvt, p.b()), 0.0);
        }
    }

    @Test
    void aSingularMatrixIsNamed() {
        LuFact.Problem p = new LuFact.Problem(new double[][] {{1, 2}, {2, 4}}, new double[] {3, 6});
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> LuFact.run(p));
        assertTrue(e.getMessage().contains("column 1"), e.getMessage());
    }
}
