package io.mobula.apps.barnes;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/** Barnes-Hut in the catalog. Each rank's part is the bodies it owns at the end: positions, velocities, indices. */
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
        return "Barnes-Hut N-body simulation (octree), locally essential trees on a space-filling-curve split";
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

    /** Each rank's part holds the bodies it owns at the end ({@code BarnesRanks.part}), in any order. */
    @Override
    public Barnes.State assemble(Barnes.Problem problem, List<Serializable> parts) {
        int n = problem.bodies();
        double[] pos = new double[3 * n];
        double[] vel = new double[3 * n];
        boolean[] seen = new boolean[n];
        int total = 0;
        for (int r = 0; r < parts.size(); r++) {
            double[] part = (double[]) parts.get(r);
            if (part.length % 7 != 0) {
                throw new IllegalStateException("rank " + r + " returned " + part.length + " values, not 7 per body");
            }
            int count = part.length / 7;
            for (int j = 0; j < count; j++) {
                double id = part[6 * count + j];
                int i = (int) id;
                if (i != id || i < 0 || i >= n || seen[i]) {
                    throw new IllegalStateException("rank " + r + " returned body " + id + ", which is not a body"
                            + " or came twice");
                }
                seen[i] = true;
                System.arraycopy(part, 3 * j, pos, 3 * i, 3);
                System.arraycopy(part, 3 * (count + j), vel, 3 * i, 3);
            }
            total += count;
        }
        if (total != n) {
            throw new IllegalStateException("the ranks returned " + total + " bodies, not " + n);
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
                Version.of("rmi", "bodies split along the Morton curve by cost; per step five exchanges of one-way RMIs"
                        + " between every pair of ranks (boxes, key samples, migrating bodies, boxes, the locally"
                        + " essential cells and bodies)", BarnesRmi.class, BarnesNode.class));
    }
}
