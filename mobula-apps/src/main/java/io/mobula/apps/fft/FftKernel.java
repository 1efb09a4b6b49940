package io.mobula.apps.fft;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * FFT in the catalog. The result is the transformed points as rows of the side x side matrix; the thesis has FFT in
 * RMI and GMI versions only (it cannot be expressed efficiently with replication, thesis 5.5.2).
 */
public final class FftKernel implements Kernel<Fft.Problem, double[][]> {
    /** The one instance. */
    public static final FftKernel INSTANCE = new FftKernel();
    private static final long SEED = 20;

    private FftKernel() {
    }

    @Override
    public String name() {
        return "fft";
    }

    @Override
    public String title() {
        return "complex 1D FFT by the transpose algorithm, three all-to-all exchanges";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("log2 points"), new int[] {8}, new int[] {22}, new int[] {20});
    }

    @Override
    public Fft.Problem problem(int[] v) {
        return Fft.problem(v[0], SEED);
    }

    @Override
    public double[][] sequential(Fft.Problem p) {
        return Fft.solve(p);
    }

    @Override
    public double[][] assemble(Fft.Problem p, List<Serializable> parts) {
        double[][] m = new double[p.side()][];
        int i = 0;
        for (Serializable s : parts) {
            for (double[] row : (double[][]) s) {
                m[i++] = row;
            }
        }
        if (i != m.length) {
            throw new IllegalStateException("the ranks returned " + i + " rows, not " + m.length);
        }
        return m;
    }

    @Override
    public String compare(Fft.Problem p, double[][] expected, double[][] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (!Arrays.equals(expected[i], actual[i])) {
                return "row " + i + " differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(double[][] m) {
        return Integer.toHexString(Arrays.deepHashCode(m));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "the transpose algorithm in one process", FftSeq.class),
                Version.of("rmi", "each transpose: a one-way RMI from every rank to every other with its piece"
                        + " (one per chunk of at most 8 MiB)", FftRmi.class, FftNode.class),
                Version.of("gmi", "each transpose: one personalized group invocation per rank, results discarded,"
                        + " every member getting its piece (one per chunk)", FftGmi.class, FftGroup.class,
                        FftMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): each transpose one MPI Alltoallv", FftMpjRun.class));
    }
}
