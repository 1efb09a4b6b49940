package io.mobula.apps.tsp;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.List;

/**
 * TSP in the catalog. The optimal length is deterministic, the tour is not (equal tours may be found in any order):
 * a parallel result must have the sequential length bit for bit and be a valid tour of that length.
 */
public final class TspKernel implements Kernel<Tsp.Problem, int[]> {
    /** The one instance. */
    public static final TspKernel INSTANCE = new TspKernel();
    private static final long SEED = 17;

    private TspKernel() {
    }

    @Override
    public String name() {
        return "tsp";
    }

    @Override
    public String title() {
        return "travelling salesperson, branch and bound with a shared best length and a central job queue";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 4.4.2, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("cities"), new int[] {9}, new int[] {15}, new int[] {17});
    }

    @Override
    public Tsp.Problem problem(int[] v) {
        if (v[0] < 4 || v[0] > 30) {
            throw new IllegalArgumentException("cities must be 4..30, not " + v[0]);
        }
        return Tsp.problem(v[0], SEED);
    }

    @Override
    public int[] sequential(Tsp.Problem problem) {
        try {
            return Tsp.solve(problem);
        } catch (Exception e) {
            throw new IllegalStateException("a local bound cannot fail", e);
        }
    }

    @Override
    public int[] assemble(Tsp.Problem problem, List<Serializable> parts) {
        int[] best = null;
        for (Serializable s : parts) {
            int[] r = (int[]) s;
            if (best == null || r[0] < best[0]) {
                best = r;
            }
        }
        return best;
    }

    @Override
    public String compare(Tsp.Problem problem, int[] expected, int[] actual) {
        if (actual.length != problem.cities() + 1) {
            return "no rank found a tour";
        }
        if (actual[0] != expected[0]) {
            return "best length " + actual[0] + ", the sequential version found " + expected[0];
        }
        try {
            int len = Tsp.tourLength(problem, java.util.Arrays.copyOfRange(actual, 1, actual.length));
            return len == actual[0] ? null : "the tour's length is " + len + ", not " + actual[0];
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Override
    public String checksum(int[] result) {
        return "length=" + result[0];
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "every job in order with a local bound", TspSeq.class),
                Version.of("naive-rmi", "one remote Minimum on rank 0: every look at the bound and every new best"
                        + " length is an RMI to it", TspNaive.class, TspCentral.class),
                Version.of("rmi", "a Minimum object per rank; a new best length goes to every other rank by one RMI"
                        + " each", TspRmi.class, TspNode.class),
                Version.of("repmi", "one replicated Minimum (thesis Figure 4.15): writes broadcast, reads local",
                        TspRepmi.class, TspMinimum.class, TspMinimumRoot.class),
                Version.of("gmi", "a Minimum group member per rank; a new best length is one group invocation",
                        TspGmi.class, TspMinimumGroup.class, TspMinimumMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): rank 0 hands out jobs (Sendrecv, answered by rank 0 between"
                        + " its own searches); a new best length goes to every other rank by Isend, taken in by Iprobe", TspMpjRun.class));
    }
}
