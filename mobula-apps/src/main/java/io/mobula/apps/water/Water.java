package io.mobula.apps.water;

import java.io.Serializable;
import java.util.SplittableRandom;

/**
 * An O(n^2) molecular dynamics simulation with the structure of SPLASH-2's Water-Nsquared (thesis 2.5.3): molecules
 * in a periodic box, every pair within half the box interacting, velocity Verlet steps. Each molecule i interacts
 * with the n/2 molecules after it (cyclically), so every pair is computed once (the half-shell method); the parallel
 * versions give each rank a block of molecules, and a rank needs the positions of the blocks its molecules' half
 * shells reach and sends them the forces it computed on their molecules. Unlike SPLASH's Water, a molecule here is a
 * single Lennard-Jones site: the three-site water model with its intramolecular forces and the predictor-corrector
 * integrator are left out, as they add computation but no communication. The forces on a molecule are summed in
 * another order in the parallel versions than in the sequential loop, so results agree within rounding: see
 * {@link #TOLERANCE}.
 */
public final class Water {
    /** The density (molecules per unit volume, in Lennard-Jones units). */
    public static final double DENSITY = 0.8;
    /** The starting temperature. */
    public static final double TEMPERATURE = 1.0;
    /** The time step. */
    public static final double DT = 0.004;
    /**
     * The relative difference allowed between a parallel and the sequential result (positions relative to the box,
     * velocities relative to the largest speed): the sums over ranks differ from the sequential sums by rounding,
     * about 1e-15, which grows by a few orders of magnitude over the default number of steps.
     */
    public static final double TOLERANCE = 1e-9;

    private Water() {
    }

    /**
     * The input.
     *
     * @param side the box's side; the cut-off is half of it
     * @param position x, y, z of every molecule
     * @param velocity the same for the velocities
     * @param steps the number of time steps
     */
    public record Problem(double side, double[] position, double[] velocity, int steps) {
        /** The number of molecules. */
        public int molecules() {
            return position.length / 3;
        }
    }

    /**
     * A result.
     *
     * @param position the final positions
     * @param velocity the final velocities
     */
    public record State(double[] position, double[] velocity) implements Serializable {
    }

    /** {@code m^3} molecules on a cubic lattice, velocities from {@code seed} at the starting temperature. */
    public static Problem problem(int m, int steps, long seed) {
        int n = m * m * m;
        double a = Math.cbrt(1 / DENSITY);
        double[] pos = new double[3 * n];
        int at = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    pos[at++] = (i + 0.5) * a;
                    pos[at++] = (j + 0.5) * a;
                    pos[at++] = (k + 0.5) * a;
                }
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] vel = new double[3 * n];
        double[] mean = new double[3];
        for (int i = 0; i < 3 * n; i++) {
            vel[i] = rnd.nextDouble(-1, 1);
            mean[i % 3] += vel[i] / n;
        }
        double ek = 0;
        for (int i = 0; i < 3 * n; i++) {
            vel[i] -= mean[i % 3];
            ek += 0.5 * vel[i] * vel[i];
        }
        double scale = n > 1 ? Math.sqrt(1.5 * (n - 1) * TEMPERATURE / ek) : 0;
        for (int i = 0; i < 3 * n; i++) {
            vel[i] *= scale;
        }
        return new Problem(m * a, pos, vel, steps);
    }

    /** How many molecules after {@code i} (cyclically) molecule i interacts with: half of the others. */
    public static int shell(int n, int i) {
        // an even n has one molecule exactly opposite; the lower half of the molecules take that pair
        return n % 2 == 1 || i < n / 2 ? n / 2 : n / 2 - 1;
    }

    /**
     * The pairs of molecules {@code lo ..< hi} with their half shells: adds the forces to {@code f} (3n) on both
     * molecules of each pair; returns their potential energy.
     */
    public static double forces(double side, double[] pos, int lo, int hi, double[] f) {
        int n = pos.length / 3;
        double rc2 = side * side / 4;
        double irc6 = 1 / (rc2 * rc2 * rc2);
        double shift = 4 * irc6 * (irc6 - 1);
        double epot = 0;
        for (int i = lo; i < hi; i++) {
            double xi = pos[3 * i];
            double yi = pos[3 * i + 1];
            double zi = pos[3 * i + 2];
            double fx = 0;
            double fy = 0;
            double fz = 0;
            int last = i + shell(n, i);
            for (int jj = i + 1; jj <= last; jj++) {
                int j = jj < n ? jj : jj - n;
                double dx = image(xi - pos[3 * j], side);
                double dy = image(yi - pos[3 * j + 1], side);
                double dz = image(zi - pos[3 * j + 2], side);
                double r2 = dx * dx + dy * dy + dz * dz;
                if (r2 < rc2) {
                    double ir2 = 1 / r2;
                    double ir6 = ir2 * ir2 * ir2;
                    double ff = 24 * ir2 * ir6 * (2 * ir6 - 1);
                    fx += ff * dx;
                    fy += ff * dy;
                    fz += ff * dz;
                    f[3 * j] -= ff * dx;
                    f[3 * j + 1] -= ff * dy;
                    f[3 * j + 2] -= ff * dz;
                    epot += 4 * ir6 * (ir6 - 1) - shift;
                }
            }
            f[3 * i] += fx;
            f[3 * i + 1] += fy;
            f[3 * i + 2] += fz;
        }
        return epot;
    }

    static double image(double d, double side) {
        return d - side * Math.rint(d / side);
    }

    /** The first half of a step for molecules {@code lo ..< hi}: kick by half a step, then drift (wrapped). */
    public static void kickDrift(double side, double[] pos, double[] vel, double[] f, int lo, int hi) {
        for (int i = 3 * lo; i < 3 * hi; i++) {
            vel[i] += 0.5 * DT * f[i];
            double x = pos[i] + DT * vel[i];
            pos[i] = x - side * Math.floor(x / side);
        }
    }

    /** The second half of a step: kick by half a step with the new forces. */
    public static void kick(double[] vel, double[] f, int lo, int hi) {
        for (int i = 3 * lo; i < 3 * hi; i++) {
            vel[i] += 0.5 * DT * f[i];
        }
    }

    /** The sequential kernel; {@code energy}, when not null, gets the total energy after each step (index 0: start). */
    public static State run(Problem p, double[] energy) {
        int n = p.molecules();
        double[] pos = p.position().clone();
        double[] vel = p.velocity().clone();
        double[] f = new double[3 * n];
        double epot = forces(p.side(), pos, 0, n, f);
        if (energy != null) {
            energy[0] = epot + kinetic(vel);
        }
        for (int s = 1; s <= p.steps(); s++) {
            kickDrift(p.side(), pos, vel, f, 0, n);
            f = new double[3 * n];
            epot = forces(p.side(), pos, 0, n, f);
            kick(vel, f, 0, n);
            if (energy != null) {
                energy[s] = epot + kinetic(vel);
            }
        }
        return new State(pos, vel);
    }

    static double kinetic(double[] vel) {
        double s = 0;
        for (double v : vel) {
            s += 0.5 * v * v;
        }
        return s;
    }

    /** First molecule of rank {@code r} of {@code size}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }

    /** The rank owning molecule {@code j}. */
    public static int owner(int n, int size, int j) {
        int r = (int) ((long) j * size / n);
        while (lo(n, size, r + 1) <= j) {
            r++;
        }
        while (lo(n, size, r) > j) {
            r--;
        }
        return r;
    }

    /**
     * Which ranks' molecules the half shells of rank {@code r}'s molecules reach (other than r itself): r needs their
     * positions and sends them forces.
     */
    public static boolean[] reaches(int n, int size, int r) {
        boolean[] out = new boolean[size];
        int lo = lo(n, size, r);
        int hi = lo(n, size, r + 1);
        if (hi > lo) {
            // i + shell(n, i) never decreases, so the shells of lo ..< hi cover one run of molecules
            int last = hi - 1 + shell(n, hi - 1);
            for (int jj = lo + 1; jj <= last; jj++) {
                out[owner(n, size, jj < n ? jj : jj - n)] = true;
            }
        }
        out[r] = false;
        return out;
    }

    /** Null when {@code actual} is within {@link #TOLERANCE} of {@code expected}; else the first difference. */
    public static String compare(Problem p, State expected, State actual) {
        double vmax = 0;
        for (double v : expected.velocity()) {
            vmax = Math.max(vmax, Math.abs(v));
        }
        for (int i = 0; i < expected.position().length; i++) {
            double d = image(expected.position()[i] - actual.position()[i], p.side());
            if (!(Math.abs(d) <= TOLERANCE * p.side())) {
                return "coordinate " + i % 3 + " of molecule " + i / 3 + " = " + actual.position()[i]
                        + ", the sequential version has " + expected.position()[i] + " (tolerance " + TOLERANCE
                        + " of the box)";
            }
            if (!(Math.abs(expected.velocity()[i] - actual.velocity()[i]) <= TOLERANCE * vmax)) {
                return "velocity " + i % 3 + " of molecule " + i / 3 + " = " + actual.velocity()[i]
                        + ", the sequential version has " + expected.velocity()[i] + " (tolerance " + TOLERANCE
                        + " of the largest speed)";
            }
        }
        return null;
    }
}
