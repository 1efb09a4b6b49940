package io.mobula.apps.leq;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** LEQ in the catalog. A result is x with the number of iterations as an extra last element. */
public final class LeqKernel implements Kernel<Leq.Problem, double[]> {
    /** The one instance. */
    public static final LeqKernel INSTANCE = new LeqKernel();
    private static final long SEED = 1000;

    private LeqKernel() {
    }

    @Override
    public String name() {
        return "leq";
    }

    @Override
    public String title() {
        return "linear equation solver (Jacobi), a gather-to-all and a reduce-to-all per iteration";
    }

    @Override
    public String thesis() {
        return "thesis 3.5.1, 4.4.2, 5.5.2";
    }

    @Override
    public Sizes sizes() {
        return new Sizes(List.of("unknowns"), new int[] {60}, new int[] {1500}, new int[] {1000});
    }

    @Override
    public Leq.Problem problem(int[] v) {
        if (v[0] < 2 || v[0] > 10_000) {
            throw new IllegalArgumentException("unknowns must be 2..10000, not " + v[0]);
        }
        return Leq.problem(v[0], SEED);
    }

    @Override
    public double[] sequential(Leq.Problem problem) {
        return Leq.solve(problem);
    }

    /** Each part is {iterations, x[lo ..< hi]}. */
    @Override
    public double[] assemble(Leq.Problem problem, List<Serializable> parts) {
        int n = problem.n();
        double[] r = new double[n + 1];
        int at = 0;
        double iterations = -1;
        for (Serializable s : parts) {
            double[] p = (double[]) s;
            if (iterations >= 0 && p[0] != iterations) {
                throw new IllegalStateException("the ranks stopped after different numbers of iterations: "
                        + iterations + " and " + p[0]);
            }
            iterations = p[0];
            System.arraycopy(p, 1, r, at, p.length - 1);
            at += p.length - 1;
        }
        r[n] = iterations;
        return r;
    }

    @Override
    public String compare(Leq.Problem problem, double[] expected, double[] actual) {
        int n = problem.n();
        if (expected[n] != actual[n]) {
            return (int) actual[n] + " iterations, the sequential version needed " + (int) expected[n];
        }
        for (int i = 0; i < n; i++) {
            if (Double.doubleToLongBits(expected[i]) != Double.doubleToLongBits(actual[i])) {
                return "x[" + i + "] = " + actual[i] + ", the sequential version has " + expected[i];
            }
        }
        return null;
    }

    @Override
    public String checksum(double[] r) {
        return (int) r[r.length - 1] + " iterations, " + Integer.toHexString(Arrays.hashCode(r));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "Jacobi iteration in one process", LeqSeq.class),
                Version.of("naive-rmi", "one remote object on rank 0: every rank puts its block and change, then"
                        + " fetches the whole x with an RMI that waits for all", LeqNaive.class, LeqCentral.class),
                Version.of("rmi", "every rank sends its block of x and its largest change to every other rank by"
                        + " one-way RMI (P(P-1) calls per iteration)", LeqRmi.class, LeqNode.class),
                Version.of("repmi", "every rank writes its block and change into one replicated object; each reads"
                        + " the whole x from its replica (a gather-to-all and reduce-to-all)", LeqRepmi.class,
                        LeqVector.class, LeqVectorRoot.class),
                Version.of("gmi", "one combined group invocation: the blocks are concatenated and the changes"
                        + " reduced at one member, and the result broadcast to all", LeqGmi.class, LeqGroup.class,
                        LeqMember.class),
                Version.mpj("MPJ Express (mpiJava 1.2): per iteration an MPI Allgatherv of the blocks and an"
                        + " Allreduce (MAX) of the changes", LeqMpjRun.class));
    }
}
