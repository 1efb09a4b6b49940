package io.mobula.apps.lufact;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** LUFact in the catalog. A result is the solution x; rank 0 solves, so its part is x. */
public final class LuFactKernel implements Kernel<LuFact.Problem, double[]> {
    /** The one instance. */
    public static final LuFactKernel INSTANCE = new LuFactKernel();
    private static final long SEED = 1325;

    private LuFactKernel() {
    }

    @Override
    public String name() {
        return "lufact";
    }

    @Override
    public String title() {
        return "LU factorization with partial pivoting and a solve (Java Grande), a column broadcast per step";
    }

    @Override
    public String thesis() {
        return "thesis 5.5.2, Java Grande section 2";
    }

    /** The thesis ran Java Grande's largest LUFact size, order 2000 (size C). */
    @Override
    public Sizes sizes() {
        return new Sizes(List.of("order"), new int[] {40}, new int[] {1500}, new int[] {2000});
    }

    @Override
    public LuFact.Problem problem(int[] v) {
        if (v[0] < 1 || v[0] > 10_000) {
            throw new IllegalArgumentException("order must be 1..10000, not " + v[0]);
        }
        return LuFact.problem(v[0], SEED);
    }

    @Override
    public double[] sequential(LuFact.Problem problem) {
        return LuFact.run(problem);
    }

    @Override
    public double[] assemble(LuFact.Problem problem, List<Serializable> parts) {
        double[] x = (double[]) parts.get(0);
        if (x.length != problem.n()) {
            throw new IllegalStateException("rank 0 returned " + x.length + " unknowns, not " + problem.n());
        }
        return x;
    }

    @Override
    public String compare(LuFact.Problem problem, double[] expected, double[] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (Double.doubleToLongBits(expected[i]) != Double.doubleToLongBits(actual[i])) {
                return "x[" + i + "] = " + actual[i] + ", the sequential version has " + expected[i];
            }
        }
        return null;
    }

    @Override
    public String checksum(double[] x) {
        return Integer.toHexString(Arrays.hashCode(x));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "dgefa and dgesl in one process", LuFactSeq.class),
                Version.of("rmi", "the owner of column k sends it with the pivot row down a binomial tree of one-way"
                        + " RMIs, each rank forwarding it", LuFactRmi.class, LuFactNode.class),
                Version.of("gmi", "the owner broadcasts column k and the pivot row with one group invocation whose"
                        + " results are discarded", LuFactGmi.class, LuFactColumns.class, LuFactMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): the owner broadcasts column k with its pivot row by one"
                        + " MPI Bcast per step", LuFactMpjRun.class));
    }
}
