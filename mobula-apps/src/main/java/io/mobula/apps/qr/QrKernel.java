package io.mobula.apps.qr;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * QR in the catalog: an n x n matrix; the result is R's columns in their original places plus the pivot order as a
 * last array. Each rank's part is its columns (c = rank, rank + P, ...) and the pivot order.
 */
public final class QrKernel implements Kernel<double[][], double[][]> {
    /** The one instance. */
    public static final QrKernel INSTANCE = new QrKernel();
    private static final long SEED = 2000;

    private QrKernel() {
    }

    @Override
    public String name() {
        return "qr";
    }

    @Override
    public String title() {
        return "QR factorization (Householder, column pivoting), a reduce-to-all and a broadcast per column";
    }

    @Override
    public String thesis() {
        return "thesis 3.5.1, 4.4.2, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("n"), new int[] {24}, new int[] {1200}, new int[] {2000});
    }

    @Override
    public double[][] problem(int[] v) {
        if (v[0] < 1 || v[0] > 10_000) {
            throw new IllegalArgumentException("n must be 1..10000, not " + v[0]);
        }
        return Qr.matrix(v[0], v[0], SEED);
    }

    @Override
    public double[][] sequential(double[][] problem) {
        double[][] cols = new double[problem.length][];
        for (int c = 0; c < cols.length; c++) {
            cols[c] = problem[c].clone();
        }
        return Qr.solve(cols);
    }

    @Override
    public double[][] assemble(double[][] problem, List<Serializable> parts) {
        int n = problem.length;
        int size = parts.size();
        double[][] r = new double[n + 1][];
        for (int q = 0; q < size; q++) {
            double[][] part = (double[][]) parts.get(q);
            int k = 0;
            for (int c = q; c < n; c += size) {
                r[c] = part[k++];
            }
            if (q == 0) {
                r[n] = part[part.length - 1];
            }
        }
        return r;
    }

    @Override
    public String compare(double[][] problem, double[][] expected, double[][] actual) {
        int n = problem.length;
        if (!Arrays.equals(expected[n], actual[n])) {
            return "a different pivot order";
        }
        for (int c = 0; c < n; c++) {
            if (!Arrays.equals(expected[c], actual[c])) {
                return "column " + c + " of R differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(double[][] r) {
        return Integer.toHexString(Arrays.deepHashCode(r));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "Householder steps in one process", QrSeq.class),
                Version.of("naive-rmi", "one remote object on rank 0: candidates submitted and the best fetched by an"
                        + " RMI that waits for all; H stored and fetched there", QrNaive.class, QrCentral.class),
                Version.of("rmi", "reduce-to-all up and down a binomial tree of one-way RMIs; H broadcast along a"
                        + " spanning tree of RMIs", QrRmi.class, QrNode.class, QrTreeReduce.class, QrReduce.class),
                Version.of("repmi", "the same RMI reduce-to-all; H broadcast by storing it in a replicated object",
                        QrRepmi.class, QrBroadcast.class, QrBroadcastRoot.class, QrTreeReduce.class, QrReduce.class),
                Version.of("gmi", "reduce-to-all: a combined invocation reduced pairwise up a binomial tree and"
                        + " forwarded to all; H: a group invocation; results discarded", QrGmi.class, QrGroup.class,
                        QrMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): the candidates by an MPI Allgather, each rank picking the"
                        + " same best; H by a Bcast", QrMpjRun.class));
    }
}
