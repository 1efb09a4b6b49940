package io.mobula.apps.acp;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * ACP in the catalog: the random instance, the sequential result (the matrix, or inconsistent), and how the ranks'
 * parts make it.
 */
public final class AcpKernel implements Kernel<Acp.Problem, Acp.Result> {
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
        return "arc consistency of a random binary constraint network, removals sent asynchronously to every rank";
    }

    @Override
    public String thesis() {
        return "thesis 3.5.1, 4.4.2, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("variables", "values", "core values"), new int[] {60, 24, 12},
                new int[] {DEFAULT_N, DEFAULT_M, DEFAULT_M / 2}, new int[] {2000, 150, 75},
                Map.of("inconsistent", new int[] {60, 24, 0}));
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
        if (v[2] < 0 || v[2] > v[1]) {
            throw new IllegalArgumentException("core values must be 0.." + v[1] + ", not " + v[2]);
        }
        return Acp.problem(v[0], v[1], v[2], SEED);
    }

    @Override
    public Acp.Result sequential(Acp.Problem problem) {
        return Acp.solve(problem);
    }

    /**
     * Every rank's rows, or inconsistent when every rank stopped on an empty domain (one rank, or more, naming the
     * variable it found empty); a mix, or an empty domain in the rows, is an error of the run.
     */
    @Override
    public Acp.Result assemble(Acp.Problem problem, List<Serializable> parts) {
        int wipeouts = 0;
        int found = 0;
        for (Serializable p : parts) {
            if (p instanceof Acp.Wipeout w) {
                wipeouts++;
                found += w.variable() >= 0 ? 1 : 0;
            }
        }
        if (wipeouts > 0) {
            if (wipeouts != parts.size() || found == 0) {
                throw new IllegalStateException(wipeouts + " of " + parts.size() + " ranks stopped on an empty"
                        + " domain, " + found + " of them naming it");
            }
            return Acp.Result.INCONSISTENT;
        }
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
        return new Acp.Result(d);
    }

    @Override
    public String compare(Acp.Problem problem, Acp.Result expected, Acp.Result actual) {
        if (expected.consistent() != actual.consistent()) {
            return expected.consistent() ? "a domain became empty, though the network is consistent"
                    : "no domain became empty, though the network is inconsistent";
        }
        for (int i = 0; expected.consistent() && i < problem.n(); i++) {
            if (!Arrays.equals(expected.domains()[i], actual.domains()[i])) {
                return "the domain of variable " + i + " differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(Acp.Result result) {
        if (!result.consistent()) {
            return "inconsistent";
        }
        boolean[][] d = result.domains();
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
                Version.of("naive-rmi", "one remote object on rank 0 holds every rank's batches of removals and detects"
                        + " termination; a rank fetches the others' batches when it has nothing to do",
                        AcpNaive.class, AcpCentral.class, BoardCoordinator.class, AcpLog.class),
                Version.of("rmi", "a private matrix per rank; a rank's batches of removals go down a binomial tree of"
                        + " one-way RMIs rooted at it; Safra's token ring detects termination (the optimized RMI"
                        + " version)", AcpRmi.class, AcpNode.class, SafraCoordinator.class, Safra.class,
                        AcpInbox.class),
                Version.of("repmi", "the batches go into one replicated object that also detects termination; a rank"
                        + " reads the others' from its replica", AcpRepmi.class, AcpMatrix.class,
                        AcpMatrixRoot.class, BoardCoordinator.class, AcpLog.class),
                Version.of("gmi", "a rank's batches go to every member with one group invocation whose results are"
                        + " discarded; Safra's token ring detects termination", AcpGmi.class, AcpCells.class,
                        AcpCellsMember.class, SafraCoordinator.class, Safra.class, AcpInbox.class),
                Version.mpj("MPJ Express (mpiJava 1.2): a rank's batches go to every other rank by Isend, taken in by"
                        + " Iprobe between arc revisions; Safra's token ring over MPI messages detects termination",
                        AcpMpjRun.class));
    }
}
