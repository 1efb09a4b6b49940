package io.mobula.apps.acp;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** ACP in the catalog: the random instance, the sequential matrix, and how the ranks' rows make the matrix. */
public final class AcpKernel implements Kernel<Acp.Problem, boolean[][]> {
    /** The one instance. */
    public static final AcpKernel INSTANCE = new AcpKernel();
    private static final long SEED = 0xAC9_2000L;

    private AcpKernel() {
    }

    @Override
    public String name() {
        return "acp";
    }

    @Override
    public String title() {
        return "arc consistency of a random binary constraint network, removals shared by every rank";
    }

    @Override
    public String thesis() {
        return "thesis 3.5.1, 4.4.2, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("variables", "values"), new int[] {60, 24}, new int[] {DEFAULT_N, DEFAULT_M},
                new int[] {2000, 150});
    }

    private static final int DEFAULT_N = 12000;
    private static final int DEFAULT_M = 400;

    @Override
    public Acp.Problem problem(int[] v) {
        if (v[0] < 1 || v[0] > 1_000_000) {
            throw new IllegalArgumentException("variables must be 1..1000000, not " + v[0]);
        }
        if (v[1] < 1 || v[1] > 10_000) {
            throw new IllegalArgumentException("values must be 1..10000, not " + v[1]);
        }
        if ((long) v[0] * v[1] > 50_000_000L) {
            throw new IllegalArgumentException("variables x values must be at most 50000000, not "
                    + (long) v[0] * v[1]);
        }
        return Acp.problem(v[0], v[1], SEED);
    }

    @Override
    public boolean[][] sequential(Acp.Problem problem) {
        return Acp.solve(problem);
    }

    @Override
    public boolean[][] assemble(Acp.Problem problem, List<Serializable> parts) {
        boolean[][] d = new boolean[problem.n()][];
        int i = 0;
        for (Serializable p : parts) {
            for (boolean[] row : (boolean[][]) p) {
                d[i++] = row;
            }
        }
        if (i != d.length) {
            throw new IllegalStateException("the ranks returned " + i + " variables, not " + d.length);
        }
        return d;
    }

    @Override
    public String compare(Acp.Problem problem, boolean[][] expected, boolean[][] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (!Arrays.equals(expected[i], actual[i])) {
                return "the domain of variable " + i + " differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(boolean[][] d) {
        long s = 0;
        int left = 0;
        for (boolean[] row : d) {
            s = 31 * s + Arrays.hashCode(row);
            for (boolean b : row) {
                left += b ? 1 : 0;
            }
        }
        return left + "/" + Long.toHexString(s);
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "AC-3 over the arcs in one process", AcpSeq.class),
                Version.of("naive-rmi", "one remote matrix object on rank 0: each round every rank sends its removals"
                        + " and fetches everyone's with an RMI that waits for all", AcpNaive.class,
                        AcpCentral.class),
                Version.of("rmi", "a private matrix per rank; a rank's removals go down a binomial tree of one-way"
                        + " RMIs rooted at it (the optimized RMI version)", AcpRmi.class, AcpNode.class),
                Version.of("repmi", "the removals go into one replicated matrix object; every rank reads the"
                        + " others' from its replica", AcpRepmi.class, AcpMatrix.class, AcpMatrixRoot.class),
                Version.of("gmi", "a rank's removals go to every member with one group invocation whose results are"
                        + " discarded", AcpGmi.class, AcpCells.class, AcpCellsMember.class));
    }
}
