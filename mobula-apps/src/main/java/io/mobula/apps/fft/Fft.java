package io.mobula.apps.fft;

import java.util.SplittableRandom;

/**
 * A complex 1D FFT of N = side^2 points by the transpose ("six-step") algorithm of SPLASH-2 (thesis 2.5.3): view the
 * data as a side x side matrix, transpose, FFT every row, multiply by the twiddle factors, transpose, FFT every row,
 * transpose. The parallel versions hold blocks of rows; a transpose is a personalized all-to-all exchange. Every
 * element goes through the same operations in every version, so the results are equal bit for bit. Complex rows are
 * interleaved: re, im, re, im, ...
 */
public final class Fft {
    private Fft() {
    }

    /** The problem: {@code side} rows of {@code side} points, and the twiddle tables. */
    public static final class Problem {
        final int side;
        final long seed;
        private final double[] rowCos;
        private final double[] rowSin;

        Problem(int log2n, long seed) {
            this.side = 1 << (log2n / 2);
            this.seed = seed;
            rowCos = new double[side / 2];
            rowSin = new double[side / 2];
            for (int k = 0; k < side / 2; k++) {
                rowCos[k] = StrictMath.cos(-2 * StrictMath.PI * k / side);
                rowSin[k] = StrictMath.sin(-2 * StrictMath.PI * k / side);
            }
        }

        /** The number of rows (and of points per row). */
        public int side() {
            return side;
        }
    }

    /** The problem of 2^{@code log2n} points ({@code log2n} even). */
    public static Problem problem(int log2n, long seed) {
        if (log2n < 2 || log2n > 28 || log2n % 2 != 0) {
            throw new IllegalArgumentException("log2 of the points must be even and 2..28, not " + log2n);
        }
        return new Problem(log2n, seed);
    }

    /** Row {@code i} of the input matrix (points i * side ..< (i + 1) * side). */
    public static double[] inputRow(Problem p, int i) {
        SplittableRandom rnd = new SplittableRandom(p.seed * 1_000_003L + i);
        double[] row = new double[2 * p.side];
        for (int j = 0; j < row.length; j++) {
            row[j] = rnd.nextDouble(-1, 1);
        }
        return row;
    }

    /** An in-place radix-2 FFT of one interleaved complex row of {@code side} points. */
    public static void fftRow(Problem p, double[] a) {
        int n = p.side;
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                double tr = a[2 * i];
                double ti = a[2 * i + 1];
                a[2 * i] = a[2 * j];
                a[2 * i + 1] = a[2 * j + 1];
                a[2 * j] = tr;
                a[2 * j + 1] = ti;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            int step = n / len;
            for (int s = 0; s < n; s += len) {
                for (int k = 0; k < len / 2; k++) {
                    double wr = p.rowCos[k * step];
                    double wi = p.rowSin[k * step];
                    int u = 2 * (s + k);
                    int v = 2 * (s + k + len / 2);
                    double xr = a[v] * wr - a[v + 1] * wi;
                    double xi = a[v] * wi + a[v + 1] * wr;
                    a[v] = a[u] - xr;
                    a[v + 1] = a[u + 1] - xi;
                    a[u] += xr;
                    a[u + 1] += xi;
                }
            }
        }
    }

    /** Multiplies point k of row {@code j} by w_N^(j k), N = side^2. */
    public static void twiddle(Problem p, double[] row, int j) {
        long n = (long) p.side * p.side;
        for (int k = 0; k < p.side; k++) {
            double angle = -2 * StrictMath.PI * (((long) j * k) % n) / n;
            double wr = StrictMath.cos(angle);
            double wi = StrictMath.sin(angle);
            double re = row[2 * k];
            double im = row[2 * k + 1];
            row[2 * k] = re * wr - im * wi;
            row[2 * k + 1] = re * wi + im * wr;
        }
    }

    /** First row of rank {@code r} of {@code size}. */
    public static int lo(int side, int size, int r) {
        return (int) ((long) r * side / size);
    }

    /**
     * The piece of a transpose that rows {@code lo ..< lo + rows.length} send to the rank owning rows
     * {@code qlo ..< qhi} of the transposed matrix: for each of those columns c, the points (i, c) of every own row i.
     */
    public static double[] piece(double[][] rows, int qlo, int qhi) {
        int h = rows.length;
        double[] out = new double[2 * h * (qhi - qlo)];
        int at = 0;
        for (int c = qlo; c < qhi; c++) {
            for (double[] row : rows) {
                out[at++] = row[2 * c];
                out[at++] = row[2 * c + 1];
            }
        }
        return out;
    }

    /** Places a piece from the rank owning rows {@code rlo ..< rhi} into the own transposed rows. */
    public static void place(double[][] transposed, double[] piece, int rlo, int rhi) {
        place(transposed, 0, piece, rlo, rhi);
    }

    /**
     * Places part of a piece (whole columns) from the rank owning rows {@code rlo ..< rhi} into the own transposed
     * rows from row {@code first} on; returns the number of rows it filled.
     */
    public static int place(double[][] transposed, int first, double[] piece, int rlo, int rhi) {
        int h = rhi - rlo;
        int columns = h == 0 ? 0 : piece.length / (2 * h);
        for (int c = 0; c < columns; c++) {
            System.arraycopy(piece, 2 * h * c, transposed[first + c], 2 * rlo, 2 * h);
        }
        return columns;
    }

    /** The sequential FFT: the same steps over the whole matrix. Returns the rows of the result. */
    public static double[][] solve(Problem p) {
        int n = p.side;
        double[][] m = new double[n][];
        for (int i = 0; i < n; i++) {
            m[i] = inputRow(p, i);
        }
        m = transpose(m);
        for (int i = 0; i < n; i++) {
            fftRow(p, m[i]);
            twiddle(p, m[i], i);
        }
        m = transpose(m);
        for (double[] row : m) {
            fftRow(p, row);
        }
        return transpose(m);
    }

    private static double[][] transpose(double[][] m) {
        double[][] t = new double[m.length][2 * m.length];
        place(t, piece(m, 0, m.length), 0, m.length);
        return t;
    }
}
