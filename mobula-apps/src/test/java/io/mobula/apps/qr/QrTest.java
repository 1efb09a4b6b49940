package io.mobula.apps.qr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.Trees;
import org.junit.jupiter.api.Test;

/** R against the input: R^T R = (A P)^T (A P), R upper triangular with non-increasing |diagonal|. */
class QrTest {
    @Test
    void rReproducesTheGramMatrixOfThePivotedColumns() {
        for (int n : new int[] {1, 2, 7, 24}) {
            double[][] a = Qr.matrix(n, n, n);
            double[][] r = QrKernel.INSTANCE.sequential(a);
            double[] perm = r[n];
            for (int j = 0; j < n; j++) {
                double[] rj = r[(int) perm[j]];
                for (int i = j + 1; i < n; i++) {
                    assertEquals(0.0, rj[i], "below the diagonal, n " + n);
                }
                if (j > 0) {
                    assertTrue(Math.abs(rj[j]) <= Math.abs(r[(int) perm[j - 1]][j - 1]) * (1 + 1e-12),
                            "pivoting orders the diagonal, n " + n);
                }
                for (int k = 0; k <= j; k++) {
                    double[] rk = r[(int) perm[k]];
                    double got = 0;
                    double want = 0;
                    for (int i = 0; i < n; i++) {
                        got += rj[i] * rk[i];
                        want += a[(int) perm[j]][i] * a[(int) perm[k]][i];
                    }
                    assertEquals(want, got, 1e-9 * n, "(A P)^T (A P) at " + j + "," + k + ", n " + n);
                }
            }
        }
    }

    @Test
    void cyclicColumnsStepByStepEqualTheSequentialBitForBit() {
        int n = 13;
        double[][] a = Qr.matrix(n, n, 5);
        double[][] seq = QrKernel.INSTANCE.sequential(a);
        // the steps as the ranks do them: best candidate per rank, the best of those, H applied per rank
        int size = 3;
        double[][] cols = new double[n][];
        for (int c = 0; c < n; c++) {
            cols[c] = a[c].clone();
        }
        boolean[] done = new boolean[n];
        for (int j = 0; j < n; j++) {
            double[] best = Qr.none();
            for (int q = 0; q < size; q++) {
                double[] cand = Qr.none();
                for (int c = q; c < n; c += size) {
                    double[] x = {Qr.norm2(cols[c], j), c};
                    if (!done[c] && Qr.better(x, cand)) {
                        cand = x;
                    }
                }
                if (Qr.better(cand, best)) {
                    best = cand;
                }
            }
            int p = (int) best[1];
            done[p] = true;
            double[] h = Qr.householder(cols[p], j, best[0]);
            for (int c = 0; c < n; c++) {
                if (!done[c]) {
                    Qr.apply(h, cols[c], j);
                }
            }
        }
        for (int c = 0; c < n; c++) {
            assertArrayEquals(seq[c], cols[c], 0.0);
        }
    }

    @Test
    void treeParentIsTheRankThatForwardsToIt() {
        for (int size = 1; size <= 17; size++) {
            for (int root = 0; root < size; root++) {
                assertEquals(-1, Trees.parent(root, root, size));
                for (int r = 0; r < size; r++) {
                    for (int c : Trees.children(root, r, size)) {
                        assertEquals(r, Trees.parent(root, c, size), "size " + size + " root " + root);
                    }
                }
            }
        }
    }
}
