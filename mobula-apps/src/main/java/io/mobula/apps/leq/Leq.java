package io.mobula.apps.leq;

import java.util.SplittableRandom;

/**
 * The linear equation solver (thesis 3.5.1): Jacobi iteration for Ax = b. Iteration i + 1 computes every element of
 * x from all of x_i; it stops when no element moved by more than {@link #EPSILON}. The parallel versions compute
 * blocks of x and exchange them every iteration (a gather-to-all) together with the largest change (a
 * reduce-to-all). Each element is the same expression in the same order in every version, and the maximum is exact,
 * so every version gives the sequential x bit for bit after the same number of iterations.
 */
public final class Leq {
    /** Convergence: the largest change of an element in the last iteration. */
    public static final double EPSILON = 1e-10;
    /** A bound on the iterations, should the system not converge. */
    public static final int MAX_ITERATIONS = 100_000;
    /** The spectral radius of the iteration matrix the input aims at: about 450 iterations to converge. */
    private static final double RADIUS = 0.95;

    private Leq() {
    }

    /** A system: A (rows) and b. */
    public record Problem(double[][] a, double[] b) {
        /** The number of unknowns. */
        public int n() {
            return b.length;
        }
    }

    /**
     * A random system of {@code n} unknowns from {@code seed}: off-diagonal elements uniform in [-1, 1), the diagonal
     * large enough that Jacobi converges (by the circular law the off-diagonal part has a spectral radius of about
     * sqrt(n / 3)).
     */
    public static Problem problem(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double diag = Math.sqrt(n / 3.0) / RADIUS + 1;
        double[][] a = new double[n][n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = i == j ? diag * (1 + rnd.nextDouble() * 0.1) : rnd.nextDouble(-1, 1);
            }
            b[i] = rnd.nextDouble(-n, n);
        }
        return new Problem(a, b);
    }

    /**
     * Elements {@code lo ..< hi} of the next x into {@code out[0 ..< hi - lo]}; returns the largest change among
     * them.
     */
    public static double step(Problem p, double[] x, int lo, int hi, double[] out) {
        double delta = 0;
        for (int i = lo; i < hi; i++) {
            double[] row = p.a()[i];
            double s = p.b()[i];
            for (int j = 0; j < row.length; j++) {
                if (j != i) {
                    s -= row[j] * x[j];
                }
            }
            double v = s / row[i];
            out[i - lo] = v;
            delta = Math.max(delta, Math.abs(v - x[i]));
        }
        return delta;
    }

    /** Whether the iteration goes on after iteration {@code it} changed x by at most {@code delta}. */
    public static boolean goesOn(int it, double delta) {
        return !(delta < EPSILON) && it < MAX_ITERATIONS;
    }

    /** The sequential solver: x, and the number of iterations as an extra last element. */
    public static double[] solve(Problem p) {
        int n = p.n();
        double[] x = new double[n];
        double[] next = new double[n];
        int it = 0;
        double delta;
        do {
            delta = step(p, x, 0, n, next);
            double[] t = x;
            x = next;
            next = t;
            it++;
        } while (goesOn(it, delta));
        double[] r = java.util.Arrays.copyOf(x, n + 1);
        r[n] = it;
        return r;
    }

    /** First row of rank {@code r} of {@code size}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }
}
