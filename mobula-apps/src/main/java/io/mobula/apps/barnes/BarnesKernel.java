package io.mobula.apps.barnes;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** Barnes-Hut in the catalog. Each rank's part is its block of bodies: positions, then velocities. */
public final class BarnesKernel implements Kernel<Barnes.Problem, Barnes.State> {
    /** The one instance. */
    public static final BarnesKernel INSTANCE = new BarnesKernel();
    private static final long SEED = 30_000;

    private BarnesKernel() {
    }

    @Override
    public String name() {
        return "barnes";
    }

    @Override
    public String title() {
        return "Barnes-Hut N-body simulation (octree), the moved bodies exchanged after each step";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 3.5.1";
    }

    /** The thesis used 30,000 bodies; it does not give the number of steps. */
    @Override
    public Sizes sizes() {
        return new Sizes(List.of("bodies", "steps"), new int[] {64, 3}, new int[] {20_000, 5},
                new int[] {30_000, 5});
    }

    @Override
    public Barnes.Problem problem(int[] v) {
        if (v[0] < 1 || v[0] > 10_000_000) {
            throw new IllegalArgumentException("bodies must be 1..10000000, not " + v[0]);
        }
        if (v[1] < 0 || v[1] > 100_000) {
            throw new IllegalArgumentException("steps must be 0..100000, not " + v[1]);
        }
        return Barnes.problem(v[0], v[1], SEED);
    }

    @Override
    public Barnes.State sequential(Barnes.Problem problem) {
        return Barnes.run(problem);
    }

    @Override
    public Barnes.State assemble(Barnes.Problem problem, List<Serializable> parts) {
        int n = problem.bodies();
        double[] pos = new double[3 * n];
        double[] vel = new double[3 * n];
        for (int r = 0; r < parts.size(); r++) {
            double[] block = (double[]) parts.get(r);
            int lo = Barnes.lo(n, parts.size(), r);
            int hi = Barnes.lo(n, parts.size(), r + 1);
            if (block.length != 6 * (hi - lo)) {
                throw new IllegalStateException("rank " + r + " returned " + block.length / 6 + " bodies, not "
                        + (hi - lo));
            }
            BarnesRanks.unpack(lo, block, pos, vel);
        }
        return new Barnes.State(pos, vel);
    }

    @Override
    public String compare(Barnes.Problem problem, Barnes.State expected, Barnes.State actual) {
        for (int i = 0; i < expected.position().length; i++) {
            if (Double.doubleToLongBits(expected.position()[i]) != Double.doubleToLongBits(actual.position()[i])
                    || Double.doubleToLongBits(expected.velocity()[i])
                    != Double.doubleToLongBits(actual.velocity()[i])) {
                return "body " + i / 3 + " differs";
            }
        }
        return null;
    }

    @Override
    public String checksum(Barnes.State s) {
        return Integer.toHexString(31 * Arrays.hashCode(s.position()) + Arrays.hashCode(s.velocity()));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "an octree per step in one process", BarnesSeq.class),
                Version.of("rmi", "after each step every rank sends its moved bodies to every other rank by one-way"
                        + " RMI (P(P-1) calls per step)", BarnesRmi.class, BarnesNode.class));
    }
}
