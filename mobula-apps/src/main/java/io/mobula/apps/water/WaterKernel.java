package io.mobula.apps.water;

import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.io.Serializable;
import java.util.List;

/**
 * Water in the catalog. Each rank's part is its block of molecules: the atoms' positions, then their velocities.
 */
public final class WaterKernel implements Kernel<Water.Problem, Water.State> {
    /** The one instance. */
    public static final WaterKernel INSTANCE = new WaterKernel();
    private static final long SEED = 1728;

    private WaterKernel() {
    }

    @Override
    public String name() {
        return "water";
    }

    @Override
    public String title() {
        return "SPLASH-2 Water-Nsquared: three-site flexible water, O(n^2) with the half-shell method,"
                + " predictor-corrector; positions in and forces out per step";
    }

    @Override
    public String thesis() {
        return "thesis 2.5.3, 3.5.1";
    }

    /** The thesis used 1728 molecules (12 per side); it does not give the number of steps. */
    @Override
    public Sizes sizes() {
        return new Sizes(List.of("molecules per side", "steps"), new int[] {4, 5}, new int[] {12, 50},
                new int[] {12, 20});
    }

    @Override
    public Water.Problem problem(int[] v) {
        if (v[0] < 2 || v[0] > 60) {
            throw new IllegalArgumentException("molecules per side must be 2..60, not " + v[0]);
        }
        if (v[1] < 0 || v[1] > 100_000) {
            throw new IllegalArgumentException("steps must be 0..100000, not " + v[1]);
        }
        return Water.problem(v[0], v[1], SEED);
    }

    @Override
    public Water.State sequential(Water.Problem problem) {
        return Water.run(problem);
    }

    @Override
    public Water.State assemble(Water.Problem problem, List<Serializable> parts) {
        int n = problem.molecules();
        double[] pos = new double[9 * n];
        double[] vel = new double[9 * n];
        for (int r = 0; r < parts.size(); r++) {
            double[] block = (double[]) parts.get(r);
            int lo = Water.lo(n, parts.size(), r);
            int len = 9 * (Water.lo(n, parts.size(), r + 1) - lo);
            if (block.length != 2 * len) {
                throw new IllegalStateException("rank " + r + " returned " + block.length / 18 + " molecules, not "
                        + len / 9);
            }
            System.arraycopy(block, 0, pos, 9 * lo, len);
            System.arraycopy(block, len, vel, 9 * lo, len);
        }
        return new Water.State(pos, vel);
    }

    @Override
    public String compare(Water.Problem problem, Water.State expected, Water.State actual) {
        return Water.compare(problem, expected, actual);
    }

    /** The temperature at the end (from the atoms' kinetic energy), to 9 digits (the tolerance). */
    @Override
    public String checksum(Water.State s) {
        return String.format(java.util.Locale.ROOT, "temperature %.9g K", Water.temperature(s.velocity()));
    }

    @Override
    public List<Version> versions() {
        return List.of(Version.of("seq", "Gear predictor-corrector with the half-shell pair loop in one process",
                        WaterSeq.class),
                Version.of("rmi", "per step one one-way RMI with the predicted positions from each rank a block's"
                        + " half shells reach, and one with the forces back to each", WaterRmi.class, WaterNode.class));
    }
}
