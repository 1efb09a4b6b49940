package io.mobula.apps.is;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import io.mobula.apps.npb.GmiExchange;
import io.mobula.apps.npb.NpbGroup;
import io.mobula.apps.npb.NpbMember;
import io.mobula.apps.npb.NpbNode;
import io.mobula.apps.npb.NpbReport;
import io.mobula.apps.npb.RmiExchange;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NPB IS in the catalog. Sizes are NPB's (log2 keys, log2 max key); the presets S, W and A are the NPB classes
 * (tiny = S, default = W, thesis = A: NPB is not in the thesis). A result verifies when it passes NPB's published
 * verification (for the classes) and its sorted keys equal the sequential version's.
 */
public final class IsKernel implements Kernel<Is.Problem, Is.Result> {
    /** The one instance. */
    public static final IsKernel INSTANCE = new IsKernel();

    private IsKernel() {
    }

    @Override
    public String name() {
        return "is";
    }

    @Override
    public String title() {
        return "NPB IS: integer sort (bucketed key ranking), ten iterations, NPB's published verification";
    }

    @Override
    public String thesis() {
        return "NAS Parallel Benchmarks, not in the thesis";
    }

    @Override
    public Sizes sizes() {
        Map<String, int[]> classes = new LinkedHashMap<>();
        classes.put("S", new int[] {16, 11});
        classes.put("W", new int[] {20, 16});
        classes.put("A", new int[] {23, 19});
        return new Sizes(List.of("log2 keys", "log2 max key"), new int[] {16, 11}, new int[] {20, 16},
                new int[] {23, 19}, classes);
    }

    @Override
    public Is.Problem problem(int[] v) {
        return Is.problem(v[0], v[1]);
    }

    @Override
    public Is.Result sequential(Is.Problem p) {
        return Is.solve(p);
    }

    @Override
    public Is.Result assemble(Is.Problem p, List<Serializable> parts) {
        int passed = 0;
        long keys = 0;
        long hash = 0;
        boolean inOrder = true;
        int lastMax = -1;
        for (Serializable s : parts) {
            IsRanks.Part part = (IsRanks.Part) s;
            passed += part.passed();
            inOrder &= part.inOrder() && part.first() == keys && (part.keys() == 0 || part.min() >= lastMax);
            keys += part.keys();
            hash += part.hash();
            lastMax = part.keys() == 0 ? lastMax : part.max();
        }
        inOrder &= keys == p.keys();
        return new Is.Result(passed + (inOrder ? 1 : 0), keys, hash, Double.NaN);
    }

    @Override
    public String check(Is.Problem p, Is.Result r) {
        if (r.passed() != p.requiredPasses()) {
            return "NPB verification: " + r.passed() + " of " + p.requiredPasses() + " tests passed";
        }
        return null;
    }

    @Override
    public String compare(Is.Problem p, Is.Result expected, Is.Result actual) {
        String why = check(p, actual);
        if (why != null) {
            return why;
        }
        if (actual.keys() != expected.keys() || actual.hash() != expected.hash()) {
            return "the sorted keys differ from the sequential version's";
        }
        return null;
    }

    @Override
    public String checksum(Is.Result r) {
        return Long.toHexString(r.hash());
    }

    @Override
    public List<String> report(Is.Problem p, Is.Result r, String version, int np, double seconds) {
        double t = Double.isNaN(r.seconds()) ? seconds : r.seconds();
        return NpbReport.lines("IS", p.npbClass(), p.keys(), Is.ITERATIONS, t, np, Is.mops(p, t), "keys ranked",
                check(p, r) == null, NpbReport.implementation(version));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "ten rankings by counting over the whole key range", IsSeq.class),
                Version.of("rmi", "per iteration: a sum of the bucket sizes and an all-to-all of the keys, each a"
                        + " one-way RMI between every pair of ranks", IsRmi.class, RmiExchange.class, NpbNode.class),
                Version.of("gmi", "per iteration: a combined invocation summing the bucket sizes and a personalized"
                        + " invocation per rank sending the keys", IsGmi.class, GmiExchange.class, NpbGroup.class, NpbMember.class),
                Version.mpirun("mpi", "C + MPI from the NPB specification (MPI_Allreduce,"
                        + " MPI_Alltoallv), Open MPI's mpirun",
                        IsMpi.class),
                Version.mpj("MPJ Express (mpiJava 1.2): per iteration an MPI Allreduce of the bucket sizes and an"
                        + " Alltoallv of the keys", IsMpjRun.class));
    }
}
