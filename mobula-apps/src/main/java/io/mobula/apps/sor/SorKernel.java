package io.mobula.apps.sor;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * SOR in the catalog. The problem is the grid size and the number of iterations; the result the grid. The thesis
 * has SOR in an RMI version only (chapters 2 and 3).
 */
public final class SorKernel implements Kernel<SorKernel.Problem, double[][]> {
    /** The one instance. */
    public static final SorKernel INSTANCE = new SorKernel();

    /** An n x n grid and a number of red/black iterations. */
    public record Problem(int n, int iterations) {
    }

    private SorKernel() {
    }

    @Override
    public String name() {
        return "sor";
    }

    @Override
    public String title() {
        return "red/black successive over-relaxation, border rows exchanged with the neighbours";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 3.5";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("grid", "iterations"), new int[] {40, 20}, new int[] {1000, 200},
                new int[] {578, 1000});
    }

    @Override
    public Problem problem(int[] v) {
        if (v[0] < 3 || v[0] > 20_000 || v[1] < 0) {
            throw new IllegalArgumentException("grid must be 3..20000 and iterations not negative");
        }
        return new Problem(v[0], v[1]);
    }

    @Override
    public double[][] sequential(Problem p) {
        return Sor.sequential(p.n(), p.iterations());
    }

    /** Each part is a rank's interior rows; the fixed border rows are added here. */
    @Override
    public double[][] assemble(Problem p, List<Serializable> parts) {
        double[][] g = new double[p.n()][];
        g[0] = Sor.initialRow(p.n(), 0);
        g[p.n() - 1] = Sor.initialRow(p.n(), p.n() - 1);
        int i = 1;
        for (Serializable s : parts) {
            for (double[] row : (double[][]) s) {
                g[i++] = row;
            }
        }
        if (i != p.n() - 1) {
            throw new IllegalStateException("the ranks returned " + (i - 1) + " rows, not " + (p.n() - 2));
        }
        return g;
    }

    @Override
    public String compare(Problem p, double[][] expected, double[][] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (!Arrays.equals(expected[i], actual[i])) {
                return "row " + i + " differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(double[][] g) {
        double s = 0;
        for (double[] row : g) {
            for (double v : row) {
                s += v;
            }
        }
        return String.format(java.util.Locale.ROOT, "%.12e", s);
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "red and black sweeps in one process", SorSeq.class),
                Version.of("rmi", "after each colour a rank sends its first and last row to its neighbours by"
                        + " one-way RMI", SorRmi.class, SorNeighbour.class));
    }
}
