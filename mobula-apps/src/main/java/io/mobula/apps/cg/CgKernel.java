package io.mobula.apps.cg;

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
import java.util.Locale;
import java.util.Map;

/**
 * NPB CG in the catalog. Sizes are NPB's (na, nonzer, niter, shift); the presets S, W and A are the NPB classes
 * (tiny = S, default = W, thesis = A: NPB is not in the thesis). A result verifies when zeta is the published value
 * within NPB's relative tolerance 1e-10 (for the classes) and within the same tolerance of the sequential version's
 * (the parallel sums add in another order, so the bits may differ). Every rank computes the same zeta; rank 0's
 * is checked, and the others must equal it.
 */
public final class CgKernel implements Kernel<Cg.Problem, Cg.Result> {
    /** The one instance. */
    public static final CgKernel INSTANCE = new CgKernel();
    private static final double TOLERANCE = 1e-10;

    private CgKernel() {
    }

    @Override
    public String name() {
        return "cg";
    }

    @Override
    public String title() {
        return "NPB CG: smallest eigenvalue of a sparse matrix by inverse power iteration with conjugate gradient";
    }

    @Override
    public String thesis() {
        return "NAS Parallel Benchmarks, not in the thesis";
    }

    @Override
    public Sizes sizes() {
        Map<String, int[]> classes = new LinkedHashMap<>();
        classes.put("S", new int[] {1400, 7, 15, 10});
        classes.put("W", new int[] {7000, 8, 15, 12});
        classes.put("A", new int[] {14000, 11, 15, 20});
        return new Sizes(List.of("na", "nonzer", "niter", "shift"), new int[] {1400, 7, 15, 10},
                new int[] {7000, 8, 15, 12}, new int[] {14000, 11, 15, 20}, classes);
    }

    @Override
    public Cg.Problem problem(int[] v) {
        return Cg.problem(v[0], v[1], v[2], v[3]);
    }

    @Override
    public Cg.Result sequential(Cg.Problem p) {
        return Cg.solve(p);
    }

    @Override
    public Cg.Result assemble(Cg.Problem p, List<Serializable> parts) {
        Cg.Result first = (Cg.Result) parts.getFirst();
        for (int r = 1; r < parts.size(); r++) {
            Cg.Result other = (Cg.Result) parts.get(r);
            if (Double.compare(other.zeta(), first.zeta()) != 0 || Double.compare(other.rnorm(), first.rnorm()) != 0) {
                return new Cg.Result(Double.NaN, Double.NaN, Double.NaN); // the ranks disagree: fails every check
            }
        }
        return first;
    }

    @Override
    public String check(Cg.Problem p, Cg.Result r) {
        if (p.npbClass() == 'U' || Cg.verified(p, r)) {
            return Double.isFinite(r.zeta()) ? null : "zeta is " + r.zeta() + " (the ranks disagree)";
        }
        return String.format(Locale.ROOT, "NPB verification: zeta %.13e, the published value is %.13e", r.zeta(),
                p.zetaVerify());
    }

    @Override
    public String compare(Cg.Problem p, Cg.Result expected, Cg.Result actual) {
        String why = check(p, actual);
        if (why != null) {
            return why;
        }
        if (!(Math.abs(actual.zeta() - expected.zeta()) <= TOLERANCE * Math.abs(expected.zeta()))) {
            return String.format(Locale.ROOT, "zeta %.15e, the sequential version's is %.15e", actual.zeta(),
                    expected.zeta());
        }
        return null;
    }

    @Override
    public String checksum(Cg.Result r) {
        return String.format(Locale.ROOT, "zeta=%.13f", r.zeta());
    }

    @Override
    public List<String> report(Cg.Problem p, Cg.Result r, String version, int np, double seconds) {
        double t = Double.isNaN(r.seconds()) ? seconds : r.seconds();
        return NpbReport.lines("CG", p.npbClass(), p.na(), p.niter(), t, np, Cg.mops(p, t), "floating point",
                check(p, r) == null, NpbReport.implementation(version));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "inverse power iteration, 25 conjugate gradient steps each", CgSeq.class),
                Version.of("rmi", "row blocks; per CG step a gather of p and two sums, each a one-way RMI between"
                        + " every pair of ranks", CgRmi.class, RmiExchange.class, NpbNode.class),
                Version.of("gmi", "row blocks; per CG step a combined invocation concatenating p and two combined"
                        + " invocations summing", CgGmi.class, GmiExchange.class, NpbGroup.class, NpbMember.class),
                Version.mpirun("mpi", "C + MPI from the NPB specification (MPI_Allreduce,"
                        + " MPI_Allgatherv), Open MPI's mpirun",
                        CgMpi.class),
                Version.mpj("MPJ Express (mpiJava 1.2): row blocks; per CG step an MPI Allgatherv of p and two"
                        + " Allreduce sums", CgMpjRun.class));
    }
}
