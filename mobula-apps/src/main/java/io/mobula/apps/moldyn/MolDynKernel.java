package io.mobula.apps.moldyn;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * MolDyn in the catalog. Every rank holds the whole state, so every part is a whole result: they must agree bit for
 * bit with each other (the reduce-to-all gives every rank the same sums), and with the sequential result within
 * {@link MolDyn#TOLERANCE}.
 */
public final class MolDynKernel implements Kernel<MolDyn.Problem, MolDyn.Result> {
    /** The one instance. */
    public static final MolDynKernel INSTANCE = new MolDynKernel();
    private static final long SEED = 1000;

    private MolDynKernel() {
    }

    @Override
    public String name() {
        return "moldyn";
    }

    @Override
    public String title() {
        return "molecular dynamics of argon atoms (Java Grande), a reduce-to-all of the forces per move";
    }

    @Override
    public String thesis() {
        return "thesis 5.5.2, Java Grande section 3";
    }

    /** The thesis ran Java Grande's largest MolDyn size: 13 cells per side (8788 atoms), 50 moves (size B). */
    @Override
    public Sizes sizes() {
        return new Sizes(List.of("cells per side", "moves"), new int[] {2, 10}, new int[] {10, 50},
                new int[] {13, 50});
    }

    @Override
    public MolDyn.Problem problem(int[] v) {
        if (v[0] < 1 || v[0] > 40) {
            throw new IllegalArgumentException("cells per side must be 1..40, not " + v[0]);
        }
        if (v[1] < 0 || v[1] > 100_000) {
            throw new IllegalArgumentException("moves must be 0..100000, not " + v[1]);
        }
        return MolDyn.problem(v[0], v[1], SEED);
    }

    @Override
    public MolDyn.Result sequential(MolDyn.Problem problem) {
        return MolDyn.run(problem);
    }

    @Override
    public MolDyn.Result assemble(MolDyn.Problem problem, List<Serializable> parts) {
        MolDyn.Result first = (MolDyn.Result) parts.get(0);
        for (int r = 1; r < parts.size(); r++) {
            MolDyn.Result other = (MolDyn.Result) parts.get(r);
            if (!Arrays.equals(first.position(), other.position()) || !Arrays.equals(first.kinetic(), other.kinetic())
                    || !Arrays.equals(first.potential(), other.potential())) {
                throw new IllegalStateException("rank " + r + " ended in another state than rank 0");
            }
        }
        return first;
    }

    @Override
    public String compare(MolDyn.Problem problem, MolDyn.Result expected, MolDyn.Result actual) {
        return MolDyn.compare(problem, expected, actual);
    }

    /** The total energy at the start and the end, to 9 digits (the tolerance). */
    @Override
    public String checksum(MolDyn.Result r) {
        int last = r.kinetic().length - 1;
        return String.format(Locale.ROOT, "energy %.9g to %.9g", r.energy(0), r.energy(last));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "velocity Verlet with an O(n^2) pair loop in one process", MolDynSeq.class),
                Version.of("rmi", "every rank sends its partial force sums to every other rank by one-way RMI and"
                        + " adds them up in rank order (P(P-1) calls per move)", MolDynRmi.class, MolDynNode.class),
                Version.of("gmi", "one combined group invocation: the partial sums are added pairwise up a binomial"
                        + " tree and the result forwarded to every member", MolDynGmi.class, MolDynSums.class,
                        MolDynMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): one MPI Allreduce of the partial sums per move",
                        MolDynMpjRun.class));
    }
}
