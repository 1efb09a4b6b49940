package io.mobula.apps.lufact;

import java.util.SplittableRandom;

/**
 * LU factorization with partial pivoting followed by a triangular solve (the Java Grande LUFact kernel, after
 * Linpack's dgefa and dgesl; thesis 5.5.2). The matrix is held by columns. In step k the owner of column k finds the
 * pivot, swaps it into place and scales the column into multipliers; every column right of k then swaps the same two
 * elements and adds a multiple of column k. The parallel versions deal the columns out cyclically and broadcast the
 * pivot with column k; each column sees the same operations in the same order as in the sequential version, so the
 * solution is the sequential one bit for bit.
 */
public final class LuFact {
    private LuFact() {
    }

    /**
     * A system: {@code a[j]} is column j, and b = A times the vector of ones, so x is all ones up to rounding.
     *
     * @param a the columns
     * @param b the right-hand side
     */
    public record Problem(double[][] a, double[] b) {
        /** The number of unknowns. */
        public int n() {
            return b.length;
        }
    }

    /** A random system of order {@code n} from {@code seed}: elements uniform in [-2, 2). */
    public static Problem problem(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] a = new double[n][n];
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                a[j][i] = rnd.nextDouble(-2, 2);
                b[i] += a[j][i];
            }
        }
        return new Problem(a, b);
    }

    /** A copy of the columns, for a factorization in place. */
    public static double[][] copy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int j = 0; j < a.length; j++) {
            c[j] = a[j].clone();
        }
        return c;
    }

    /**
     * Step k on column k: swaps the largest element (by magnitude) at or below the diagonal into place, turns the
     * elements below it into negated multipliers, and returns the pivot's row.
     */
    public static int pivot(double[] col, int k) {
        int l = k;
        double max = Math.abs(col[k]);
        for (int i = k + 1; i < col.length; i++) {
            double v = Math.abs(col[i]);
            if (v > max) {
                max = v;
                l = i;
            }
        }
        if (col[l] == 0) {
            throw new ArithmeticException("the matrix is singular: column " + k + " has no pivot");
        }
        double t = col[l];
        col[l] = col[k];
        col[k] = t;
        t = -1.0 / col[k];
        for (int i = k + 1; i < col.length; i++) {
            col[i] *= t;
        }
        return l;
    }

    /** Step k on a column j right of k: the pivot's swap, then column j += col[k] times the multipliers. */
    public static void eliminate(double[] col, double[] multipliers, int k, int l) {
        double t = col[l];
        if (l != k) {
            col[l] = col[k];
            col[k] = t;
        }
        for (int i = k + 1; i < col.length; i++) {
            col[i] += t * multipliers[i];
        }
    }

    /** Factors {@code a} (columns) in place; returns the pivot rows. */
    public static int[] factor(double[][] a) {
        int n = a.length;
        int[] ipvt = new int[n];
        for (int k = 0; k < n; k++) {
            ipvt[k] = pivot(a[k], k);
            for (int j = k + 1; j < n; j++) {
                eliminate(a[j], a[k], k, ipvt[k]);
            }
        }
        return ipvt;
    }

    /** Solves the factored system for {@code b}: forward elimination, then back substitution. */
    public static double[] solve(double[][] lu, int[] ipvt, double[] b) {
        int n = lu.length;
        double[] x = b.clone();
        for (int k = 0; k < n - 1; k++) {
            int l = ipvt[k];
            double t = x[l];
            if (l != k) {
                x[l] = x[k];
                x[k] = t;
            }
            double[] col = lu[k];
            for (int i = k + 1; i < n; i++) {
                x[i] += t * col[i];
            }
        }
        for (int k = n - 1; k >= 0; k--) {
            double[] col = lu[k];
            x[k] /= col[k];
            double t = -x[k];
            for (int i = 0; i < k; i++) {
                x[i] += t * col[i];
            }
        }
        return x;
    }

    /** The sequential kernel: factor a copy of A, then solve. */
    public static double[] run(Problem p) {
        double[][] lu = copy(p.a());
        int[] ipvt = factor(lu);
        return solve(lu, ipvt, p.b());
    }

    /** The rank owning column {@code j} among {@code size} (cyclic, so the work stays balanced as k grows). */
    public static int owner(int j, int size) {
        return j % size;
    }

    /** The largest |(Ax - b)_i| relative to n times the largest |A| and |x| (Linpack's normalized residual). */
    public static double residual(Problem p, double[] x) {
        int n = p.n();
        double[] r = p.b().clone();
        double amax = 0;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                r[i] -= p.a()[j][i] * x[j];
                amax = Math.max(amax, Math.abs(p.a()[j][i]));
            }
        }
        double rmax = 0;
        double xmax = 0;
        for (int i = 0; i < n; i++) {
            rmax = Math.max(rmax, Math.abs(r[i]));
            xmax = Math.max(xmax, Math.abs(x[i]));
        }
        return rmax / (n * amax * xmax * Math.ulp(1.0));
    }
}
