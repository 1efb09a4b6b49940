package io.mobula.apps.asp;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** ASP in the catalog: the input graph, the sequential result, and how the ranks' row blocks make the matrix. */
public final class AspKernel implements Kernel<int[][], int[][]> {
    /** The one instance. */
    public static final AspKernel INSTANCE = new AspKernel();
    private static final long SEED = 0x5A5A_1280L;

    private AspKernel() {
    }

    @Override
    public String name() {
        return "asp";
    }

    @Override
    public String title() {
        return "all-pairs shortest paths (Floyd-Warshall), a row broadcast per iteration";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 4.4.2, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("nodes"), new int[] {48}, new int[] {1500}, new int[] {2000});
    }

    @Override
    public int[][] problem(int[] v) {
        if (v[0] < 1 || v[0] > 20_000) {
            throw new IllegalArgumentException("nodes must be 1..20000, not " + v[0]);
        }
        return Asp.graph(v[0], SEED);
    }

    @Override
    public int[][] sequential(int[][] problem) {
        int[][] d = new int[problem.length][];
        for (int i = 0; i < d.length; i++) {
            d[i] = problem[i].clone();
        }
        return Asp.solve(d);
    }

    @Override
    public int[][] assemble(int[][] problem, List<Serializable> parts) {
        int[][] d = new int[problem.length][];
        int i = 0;
        for (Serializable p : parts) {
            for (int[] row : (int[][]) p) {
                d[i++] = row;
            }
        }
        if (i != d.length) {
            throw new IllegalStateException("the ranks returned " + i + " rows, not " + d.length);
        }
        return d;
    }

    @Override
    public String compare(int[][] problem, int[][] expected, int[][] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (!Arrays.equals(expected[i], actual[i])) {
                return "row " + i + " differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(int[][] d) {
        long s = 0;
        for (int[] row : d) {
            s = 31 * s + Arrays.hashCode(row);
        }
        return Long.toHexString(s);
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "Floyd-Warshall in one process", AspSeq.class),
                Version.of("naive-rmi", "one remote object on rank 0 holds the rows: the owner stores row k, every"
                        + " other rank fetches it with an RMI that waits for it", AspNaive.class, AspCentral.class),
                Version.of("rmi", "the owner of row k sends it down a binomial tree of one-way RMIs, each rank"
                        + " forwarding it (the optimized RMI version)", AspRmi.class, AspNode.class),
                Version.of("repmi", "the owner stores row k in a replicated Broadcast object (thesis Figure 4.16);"
                        + " every rank waits for it on its own replica with a blocking read", AspRepmi.class,
                        AspBroadcast.class,
                        AspBroadcastRoot.class),
                Version.of("gmi", "the owner broadcasts row k with a group invocation whose results are discarded",
                        AspGmi.class, AspRows.class, AspRowsMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): the owner of row k broadcasts it by one MPI Bcast per"
                        + " iteration", AspMpjRun.class));
    }

    /** Copies of this rank's rows of the input. */
    static int[][] block(int[][] d, int size, int r) {
        int n = d.length;
        int[][] rows = Arrays.copyOfRange(d, Asp.lo(n, size, r), Asp.lo(n, size, r + 1));
        for (int i = 0; i < rows.length; i++) {
            rows[i] = rows[i].clone();
        }
        return rows;
    }
}
