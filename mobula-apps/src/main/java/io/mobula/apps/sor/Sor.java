package io.mobula.apps.sor;

/**
 * Red/black successive over-relaxation on an n x n grid with fixed borders (thesis 2.5.3; KaRMI paper section 6).
 * The sequential and the parallel solver share {@link #relax}, and each cell's update is the same expression over
 * the same neighbour values in both, so their results are bitwise equal.
 */
public final class Sor {
    private Sor() {
    }

    /** The starting grid: borders with a fixed profile, interior zero. */
    public static double[][] initialGrid(int n) {
        double[][] g = new double[n][];
        for (int i = 0; i < n; i++) {
            g[i] = initialRow(n, i);
        }
        return g;
    }

    /** Row {@code i} of {@link #initialGrid}. */
    public static double[] initialRow(int n, int i) {
        double[] row = new double[n];
        if (i == 0 || i == n - 1) {
            for (int j = 0; j < n; j++) {
                row[j] = i == 0 ? Math.sin(Math.PI * j / (n - 1)) : 0.5;
            }
        } else {
            row[0] = 1.0;
            row[n - 1] = (double) i / (n - 1);
        }
        return row;
    }

    /** The over-relaxation factor for an n x n grid (the optimum for the Laplace equation). */
    public static double omega(int n) {
        return 2.0 / (1.0 + Math.sin(Math.PI / (n - 1)));
    }

    /**
     * Updates the cells of {@code colour} (0 red, 1 black: (i + j) % 2 == colour) in rows {@code from ..< to}; reads
     * rows from-1 and to, which must exist.
     */
    public static void relax(double[][] g, int from, int to, int colour, double omega) {
        for (int i = from; i < to; i++) {
            double[] up = g[i - 1];
            double[] row = g[i];
            double[] down = g[i + 1];
            int last = row.length - 1;
            for (int j = ((i + 1) & 1) == colour ? 1 : 2; j < last; j += 2) {
                double c = row[j];
                row[j] = c + omega * ((up[j] + down[j] + row[j - 1] + row[j + 1]) * 0.25 - c);
            }
        }
    }

    /** The sequential solver: {@code iterations} red and black sweeps over the interior. */
    public static double[][] sequential(int n, int iterations) {
        double[][] g = initialGrid(n);
        double omega = omega(n);
        for (int it = 0; it < iterations; it++) {
            relax(g, 1, n - 1, 0, omega);
            relax(g, 1, n - 1, 1, omega);
        }
        return g;
    }

    /** First interior row of rank {@code r} of {@code size}; rank r owns rows {@code lo(r) ..< lo(r + 1)}. */
    public static int lo(int n, int size, int r) {
        return 1 + (int) ((long) r * (n - 2) / size);
    }
}
