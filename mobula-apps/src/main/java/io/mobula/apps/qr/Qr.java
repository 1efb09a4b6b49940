package io.mobula.apps.qr;

import java.util.SplittableRandom;

/**
 * QR factorization by Householder reflections with column pivoting (thesis 3.5.1). In step j the remaining column
 * with the largest norm (rows j ..) is the pivot (a reduce-to-all in the parallel versions; ties go to the lowest
 * column); its owner makes the Householder vector H from it and sends it to every rank (a broadcast); every rank
 * applies H to its remaining columns. Columns are dealt out cyclically. Each column sees the same operations in the
 * same order in every version, so the results are equal bit for bit.
 */
public final class Qr {
    private Qr() {
    }

    /** An m x n matrix as its columns, elements uniform in [-1, 1) from {@code seed}. */
    public static double[][] matrix(int m, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] cols = new double[n][m];
        for (int i = 0; i < m; i++) {
            for (int c = 0; c < n; c++) {
                cols[c][i] = rnd.nextDouble(-1, 1);
            }
        }
        return cols;
    }

    /** The squared norm of rows {@code j ..} of {@code col}. */
    public static double norm2(double[] col, int j) {
        double s = 0;
        for (int i = j; i < col.length; i++) {
            s += col[i] * col[i];
        }
        return s;
    }

    /** Whether candidate {norm2, column} {@code a} beats {@code b}: larger norm, then lower column. */
    public static boolean better(double[] a, double[] b) {
        return a[0] > b[0] || a[0] == b[0] && a[1] < b[1];
    }

    /** No candidate: loses to every column. */
    public static double[] none() {
        return new double[] {-1, Integer.MAX_VALUE};
    }

    /**
     * Makes the pivot column {@code col} (squared norm {@code norm2} from row j) into R's column: returns H as
     * {beta, v_j, v_j+1, ...}, and leaves alpha in row j and zeros below.
     */
    public static double[] householder(double[] col, int j, double norm2) {
        int m = col.length;
        double alpha = col[j] >= 0 ? -Math.sqrt(norm2) : Math.sqrt(norm2);
        double[] h = new double[m - j + 1];
        double vv = 0;
        for (int i = j; i < m; i++) {
            double v = i == j ? col[i] - alpha : col[i];
            h[i - j + 1] = v;
            vv += v * v;
        }
        h[0] = vv == 0 ? 0 : 2 / vv;
        col[j] = alpha;
        for (int i = j + 1; i < m; i++) {
            col[i] = 0;
        }
        return h;
    }

    /** Applies H = I - beta v v^T (from {@link #householder}) to rows {@code j ..} of {@code col}. */
    public static void apply(double[] h, double[] col, int j) {
        double beta = h[0];
        if (beta == 0) {
            return;
        }
        double s = 0;
        for (int i = j; i < col.length; i++) {
            s += h[i - j + 1] * col[i];
        }
        s *= beta;
        for (int i = j; i < col.length; i++) {
            col[i] -= s * h[i - j + 1];
        }
    }

    /** The rank owning column {@code c}. */
    public static int owner(int c, int size) {
        return c % size;
    }

    /**
     * The sequential factorization, in place: the columns become R's (in their original places) and the last array
     * returned is the pivot order (column of step j), as doubles.
     */
    public static double[][] solve(double[][] cols) {
        int n = cols.length;
        int m = n == 0 ? 0 : cols[0].length;
        int steps = Math.min(m, n);
        boolean[] done = new boolean[n];
        double[] perm = new double[steps];
        for (int j = 0; j < steps; j++) {
            double[] best = none();
            for (int c = 0; c < n; c++) {
                if (!done[c]) {
                    double[] cand = {norm2(cols[c], j), c};
                    if (better(cand, best)) {
                        best = cand;
                    }
                }
            }
            int p = (int) best[1];
            done[p] = true;
            perm[j] = p;
            double[] h = householder(cols[p], j, best[0]);
            for (int c = 0; c < n; c++) {
                if (!done[c]) {
                    apply(h, cols[c], j);
                }
            }
        }
        double[][] out = java.util.Arrays.copyOf(cols, n + 1);
        out[n] = perm;
        return out;
    }
}
