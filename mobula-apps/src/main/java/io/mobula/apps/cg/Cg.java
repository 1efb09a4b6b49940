package io.mobula.apps.cg;

import io.mobula.apps.npb.NpbRandom;
import java.io.Serializable;
import java.util.Arrays;

/**
 * NPB CG, the conjugate gradient benchmark of the NAS Parallel Benchmarks: the smallest eigenvalue of a large sparse
 * symmetric positive definite matrix by inverse power iteration, each step solving A z = x with 25 unpreconditioned
 * conjugate gradient iterations; zeta = shift + 1 / (x . z) is compared with the published value. The matrix is
 * made by the specification's {@code makea}: for each of na outer products a sparse random vector of nonzer
 * elements ({@code sprnvc}, positions from the NPB generator scaled by the next power of two of na) with element i
 * set to 0.5 ({@code vecset}), scaled by a geometric factor so the condition number is 1/rcond; the duplicates summed
 * ({@code sparse}), rcond - shift added on the diagonal. rcond is 0.1 for every class.
 */
public final class Cg {
    /** Conjugate gradient iterations per outer iteration (cgitmax). */
    public static final int CG_ITERATIONS = 25;
    private static final double RCOND = 0.1;

    private Cg() {
    }

    /**
     * A CG problem.
     *
     * @param na the order of the matrix
     * @param nonzer the nonzeros of each generating vector
     * @param niter the outer (inverse power) iterations
     * @param shift the diagonal shift
     * @param npbClass the NPB class, {@code U} if these sizes are none
     * @param zetaVerify the published zeta (NaN for class U)
     */
    public record Problem(int na, int nonzer, int niter, int shift, char npbClass, double zetaVerify) {
    }

    /** The problem of the given sizes; the NPB class when they are one. */
    public static Problem problem(int na, int nonzer, int niter, int shift) {
        if (na < 16 || na > 1_000_000 || nonzer < 1 || nonzer > 30 || nonzer >= na || niter < 1 || niter > 1000
                || shift < 0 || shift > 100_000) {
            throw new IllegalArgumentException("CG takes na in 16..1000000, nonzer in 1..30 (below na), niter in"
                    + " 1..1000 and shift in 0..100000, not " + na + "," + nonzer + "," + niter + "," + shift);
        }
        if ((long) na * (nonzer + 1) * (nonzer + 1) > 40_000_000L) {
            throw new IllegalArgumentException("CG: na * (nonzer + 1)^2 above 40 million (class B and up) is not"
                    + " supported");
        }
        String key = na + "," + nonzer + "," + niter + "," + shift;
        return switch (key) {
            case "1400,7,15,10" -> new Problem(na, nonzer, niter, shift, 'S', 8.5971775078648);
            case "7000,8,15,12" -> new Problem(na, nonzer, niter, shift, 'W', 10.362595087124);
            case "14000,11,15,20" -> new Problem(na, nonzer, niter, shift, 'A', 17.130235054029);
            default -> new Problem(na, nonzer, niter, shift, 'U', Double.NaN);
        };
    }

    /**
     * Rows {@code lo ..< hi} of the matrix in compressed row form.
     *
     * @param lo the first row
     * @param rowStart where each row's elements start in {@code col} and {@code a} (hi - lo + 1 entries)
     * @param col the column of each element, ascending within a row
     * @param a the value of each element
     */
    public record Rows(int lo, int[] rowStart, int[] col, double[] a) {
        /** y[i - lo] = (A v)_i for the rows held; {@code v} is the whole vector. */
        public void multiply(double[] v, double[] y) {
            for (int j = 0; j < y.length; j++) {
                double sum = 0;
                for (int k = rowStart[j]; k < rowStart[j + 1]; k++) {
                    sum += a[k] * v[col[k]];
                }
                y[j] = sum;
            }
        }
    }

    /**
     * Rows {@code lo ..< hi} of the matrix of {@code p} ({@code makea}). Every element is summed from its
     * contributions in the order {@code sparse} adds them, so each rank's rows equal the sequential ones bit for bit.
     */
    public static Rows makea(Problem p, int lo, int hi) {
        int n = p.na();
        int nn1 = Math.max(2, Integer.highestOneBit(n) == n ? n : Integer.highestOneBit(n) << 1); // 2^k >= n
        NpbRandom rnd = new NpbRandom(NpbRandom.SEED);
        rnd.next(); // the main program draws one number (zeta = randlc(tran, amult)) before makea
        int[][] colOf = new int[n][];
        double[][] valOf = new double[n][];
        int[] iv = new int[p.nonzer() + 1];
        double[] v = new double[p.nonzer() + 1];
        for (int outer = 0; outer < n; outer++) {
            int nzv = sprnvc(rnd, n, p.nonzer(), nn1, v, iv);
            nzv = vecset(v, iv, nzv, outer + 1, 0.5);
            colOf[outer] = new int[nzv];
            valOf[outer] = new double[nzv];
            for (int e = 0; e < nzv; e++) {
                colOf[outer][e] = iv[e] - 1;
                valOf[outer][e] = v[e];
            }
        }
        // the contributions to rows lo ..< hi, in the order sparse() adds them: outer i, then row j, then column
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int j : colOf[i]) {
                if (j >= lo && j < hi) {
                    count += colOf[i].length;
                }
            }
        }
        long[] order = new long[count];
        double[] value = new double[count];
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, count));
        double ratio = Math.pow(RCOND, 1.0 / n);
        double size = 1.0;
        int at = 0;
        for (int i = 0; i < n; i++) {
            for (int e = 0; e < colOf[i].length; e++) {
                int j = colOf[i][e];
                if (j < lo || j >= hi) {
                    continue;
                }
                double scale = size * valOf[i][e];
                for (int f = 0; f < colOf[i].length; f++) {
                    int jcol = colOf[i][f];
                    double va = valOf[i][f] * scale;
                    if (jcol == j && j == i) {
                        va = va + RCOND - p.shift();
                    }
                    // sorting by (row, column, arrival) keeps the arrival order among duplicates
                    order[at] = (((long) (j - lo) * n + jcol) << bits) | at;
                    value[at] = va;
                    at++;
                }
            }
            size *= ratio;
        }
        Arrays.sort(order);
        int[] rowStart = new int[hi - lo + 1];
        int[] col = new int[count];
        double[] a = new double[count];
        int nz = -1;
        long last = -1;
        long mask = (1L << bits) - 1;
        for (long o : order) {
            long cell = o >>> bits;
            if (cell != last) {
                nz++;
                col[nz] = (int) (cell % n);
                a[nz] = 0.0;
                rowStart[(int) (cell / n) + 1] = nz + 1;
                last = cell;
            }
            a[nz] += value[(int) (o & mask)];
        }
        for (int r = 1; r < rowStart.length; r++) {
            rowStart[r] = Math.max(rowStart[r], rowStart[r - 1]); // rows without elements
        }
        return new Rows(lo, rowStart, Arrays.copyOf(col, nz + 1), Arrays.copyOf(a, nz + 1));
    }

    /** A sparse vector of {@code nz} distinct random positions in 1..n with random values ({@code sprnvc}). */
    private static int sprnvc(NpbRandom rnd, int n, int nz, int nn1, double[] v, int[] iv) {
        int nzv = 0;
        while (nzv < nz) {
            double vecelt = rnd.next();
            double vecloc = rnd.next();
            int i = (int) (nn1 * vecloc) + 1;
            if (i > n) {
                continue;
            }
            boolean seen = false;
            for (int k = 0; k < nzv && !seen; k++) {
                seen = iv[k] == i;
            }
            if (!seen) {
                v[nzv] = vecelt;
                iv[nzv] = i;
                nzv++;
            }
        }
        return nzv;
    }

    /** Sets element {@code i} of the sparse vector to {@code val}, appending it if absent ({@code vecset}). */
    private static int vecset(double[] v, int[] iv, int nzv, int i, double val) {
        boolean set = false;
        for (int k = 0; k < nzv; k++) {
            if (iv[k] == i) {
                v[k] = val;
                set = true;
            }
        }
        if (!set) {
            v[nzv] = val;
            iv[nzv] = i;
            return nzv + 1;
        }
        return nzv;
    }

    /**
     * What a run computed.
     *
     * @param zeta the last estimate, shift + 1 / (x . z)
     * @param rnorm the residual norm ||x - A z|| of the last conjugate gradient solve
     * @param seconds the timed section (the iterations, after makea) when run sequentially; NaN from a rank
     */
    public record Result(double zeta, double rnorm, double seconds) implements Serializable {
    }

    /** The sequential CG: niter inverse power iterations of 25 conjugate gradient iterations each. */
    public static Result solve(Problem p) {
        int n = p.na();
        Rows m = makea(p, 0, n);
        double[] x = new double[n];
        Arrays.fill(x, 1.0);
        double[] z = new double[n];
        double[] r = new double[n];
        double[] pv = new double[n];
        double[] q = new double[n];
        double zeta = 0;
        double rnorm = 0;
        long t0 = System.nanoTime();
        for (int it = 1; it <= p.niter(); it++) {
            Arrays.fill(z, 0);
            System.arraycopy(x, 0, r, 0, n);
            System.arraycopy(r, 0, pv, 0, n);
            double rho = dot(r, r);
            for (int cgit = 1; cgit <= CG_ITERATIONS; cgit++) {
                m.multiply(pv, q);
                double alpha = rho / dot(pv, q);
                double rho0 = rho;
                for (int j = 0; j < n; j++) {
                    z[j] += alpha * pv[j];
                    r[j] -= alpha * q[j];
                }
                rho = dot(r, r);
                double beta = rho / rho0;
                for (int j = 0; j < n; j++) {
                    pv[j] = r[j] + beta * pv[j];
                }
            }
            m.multiply(z, r);
            double sum = 0;
            for (int j = 0; j < n; j++) {
                double d = x[j] - r[j];
                sum += d * d;
            }
            rnorm = Math.sqrt(sum);
            double xz = dot(x, z);
            double norm = 1.0 / Math.sqrt(dot(z, z));
            zeta = p.shift() + 1.0 / xz;
            for (int j = 0; j < n; j++) {
                x[j] = norm * z[j];
            }
        }
        return new Result(zeta, rnorm, (System.nanoTime() - t0) / 1e9);
    }

    static double dot(double[] u, double[] v) {
        double s = 0;
        for (int j = 0; j < u.length; j++) {
            s += u[j] * v[j];
        }
        return s;
    }

    /** Whether zeta is the published value within NPB's tolerance (relative error at most 1e-10). */
    public static boolean verified(Problem p, Result r) {
        return p.npbClass() != 'U' && Math.abs(r.zeta() - p.zetaVerify()) / p.zetaVerify() <= 1e-10;
    }

    /** Mop/s by NPB's operation count for CG. */
    public static double mops(Problem p, double seconds) {
        double nz = (double) p.nonzer() * (p.nonzer() + 1);
        return 2.0 * p.niter() * p.na() * (3.0 + nz + 25.0 * (5.0 + nz) + 3.0) / seconds / 1e6;
    }
}
