package io.mobula.apps.moldyn;

import java.io.Serializable;
import java.util.SplittableRandom;

/**
 * Molecular dynamics of argon atoms under a Lennard-Jones potential in a cubic box with periodic boundaries (the
 * Java Grande MolDyn kernel; thesis 5.5.2), in reduced units: the atoms start on a face-centred cubic lattice with
 * random velocities at the reference temperature, and move by velocity Verlet steps. The forces are an O(n^2) pair
 * loop with a cut-off: atom i interacts with every j > i, and each pair adds to both atoms. The parallel versions
 * deal the i out cyclically; each rank sums its pairs into full-length arrays (forces, potential energy, virial,
 * interaction count), the arrays are summed over the ranks (a reduce-to-all: six in the mpiJava version, one in
 * GMI), and every rank then moves every atom. The sum over ranks adds the same terms in another order than the
 * sequential loop, so results agree within rounding, amplified by the chaotic motion: see {@link #TOLERANCE}.
 */
public final class MolDyn {
    /** The density of the lattice (Java Grande's). */
    public static final double DENSITY = 0.83134;
    /** The reference temperature (Java Grande's). */
    public static final double TEMPERATURE = 0.722;
    /** The time step. */
    public static final double DT = 0.004;
    /** The largest cut-off radius. */
    public static final double CUTOFF = 2.5;
    /**
     * The relative difference allowed between a parallel and the sequential result (energies of every move, and
     * positions relative to the box). Measured: sums over 2, 3 and 8 ranks stay within 5e-13 of the sequential
     * energies and 5e-15 of its positions for 2048 atoms over 50 moves and 500 atoms over 400 moves; 1e-9 leaves
     * room for that and still catches any wrong force or lost atom.
     */
    public static final double TOLERANCE = 1e-9;

    private MolDyn() {
    }

    /**
     * The input: the starting state and the number of moves.
     *
     * @param side the length of the box's side
     * @param cutoff the cut-off radius
     * @param position x, y and z of every atom (3n)
     * @param velocity the same for the velocities
     * @param moves the number of time steps
     */
    public record Problem(double side, double cutoff, double[] position, double[] velocity, int moves) {
        /** The number of atoms. */
        public int atoms() {
            return position.length / 3;
        }
    }

    /**
     * A result.
     *
     * @param kinetic the kinetic energy after each move (index 0: the start)
     * @param potential the potential energy after each move
     * @param position the final positions
     */
    public record Result(double[] kinetic, double[] potential, double[] position) implements Serializable {
        /** The total energy after move {@code m}. */
        public double energy(int m) {
            return kinetic[m] + potential[m];
        }
    }

    /** 4 cells^3 atoms on an fcc lattice, velocities from {@code seed} at the reference temperature. */
    public static Problem problem(int cells, int moves, long seed) {
        int n = 4 * cells * cells * cells;
        double a = Math.cbrt(4 / DENSITY);
        double side = cells * a;
        double[] pos = new double[3 * n];
        double[][] basis = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
        int at = 0;
        for (int i = 0; i < cells; i++) {
            for (int j = 0; j < cells; j++) {
                for (int k = 0; k < cells; k++) {
                    for (double[] b : basis) {
                        pos[at++] = (i + b[0] + 0.25) * a;
                        pos[at++] = (j + b[1] + 0.25) * a;
                        pos[at++] = (k + b[2] + 0.25) * a;
                    }
                }
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] vel = new double[3 * n];
        double[] mean = new double[3];
        for (int i = 0; i < 3 * n; i++) {
            // Box-Muller: a normal deviate per component
            double u = 1 - rnd.nextDouble();
            vel[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
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
        return new Problem(side, Math.min(CUTOFF, 0.49 * side), pos, vel, moves);
    }

    /**
     * The pairs (i, j > i) of every atom i = {@code rank}, {@code rank + size}, ...: adds their forces to
     * {@code out[0 ..< 3n]} and their potential energy, virial and count to {@code out[3n]}, {@code out[3n + 1]} and
     * {@code out[3n + 2]}.
     */
    public static void forces(double side, double cutoff, double[] pos, int rank, int size, double[] out) {
        int n = pos.length / 3;
        double rc2 = cutoff * cutoff;
        double irc6 = 1 / (rc2 * rc2 * rc2);
        double shift = 4 * irc6 * (irc6 - 1);
        double epot = 0;
        double virial = 0;
        double count = 0;
        for (int i = rank; i < n; i += size) {
            double xi = pos[3 * i];
            double yi = pos[3 * i + 1];
            double zi = pos[3 * i + 2];
            double fx = 0;
            double fy = 0;
            double fz = 0;
            for (int j = i + 1; j < n; j++) {
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
                    out[3 * j] -= ff * dx;
                    out[3 * j + 1] -= ff * dy;
                    out[3 * j + 2] -= ff * dz;
                    epot += 4 * ir6 * (ir6 - 1) - shift;
                    virial += ff * r2;
                    count++;
                }
            }
            out[3 * i] += fx;
            out[3 * i + 1] += fy;
            out[3 * i + 2] += fz;
        }
        out[3 * n] += epot;
        out[3 * n + 1] += virial;
        out[3 * n + 2] += count;
    }

    /** The nearest periodic image of a coordinate difference. */
    static double image(double d, double side) {
        return d - side * Math.rint(d / side);
    }

    /** How a version gets the forces on every atom. */
    public interface ForceField {
        /**
         * The forces of exchange {@code step} (0: the start, m: move m) at {@code pos}, summed over all pairs, with
         * the potential energy, virial and interaction count as three extra elements (as {@link #forces} fills).
         */
        double[] compute(int step, double[] pos) throws Exception;
    }

    /** The forces of the pairs of {@code rank} of {@code size}, summed over the ranks by {@code reduce}. */
    public static ForceField ranks(Problem p, int rank, int size, Reduction reduce) {
        return (step, pos) -> {
            double[] partial = new double[pos.length + 3];
            forces(p.side(), p.cutoff(), pos, rank, size, partial);
            return reduce.reduceToAll(step, partial);
        };
    }

    /** How a version turns this rank's partial sums into the sums over all ranks. */
    public interface Reduction {
        /** The sums over every rank of the arrays {@link #forces} filled, for exchange {@code step}. */
        double[] reduceToAll(int step, double[] partial) throws Exception;
    }

    /** Runs the simulation with the forces from {@code field}. */
    public static Result simulate(Problem p, ForceField field) throws Exception {
        int n = p.atoms();
        double[] pos = p.position().clone();
        double[] vel = p.velocity().clone();
        double[] kinetic = new double[p.moves() + 1];
        double[] potential = new double[p.moves() + 1];
        double[] f = field.compute(0, pos);
        kinetic[0] = kinetic(vel);
        potential[0] = f[3 * n];
        double half = 0.5 * DT;
        for (int m = 1; m <= p.moves(); m++) {
            for (int i = 0; i < 3 * n; i++) {
                vel[i] += half * f[i];
                double x = pos[i] + DT * vel[i];
                pos[i] = x - p.side() * Math.floor(x / p.side());
            }
            f = field.compute(m, pos);
            for (int i = 0; i < 3 * n; i++) {
                vel[i] += half * f[i];
            }
            kinetic[m] = kinetic(vel);
            potential[m] = f[3 * n];
        }
        return new Result(kinetic, potential, pos);
    }

    private static double kinetic(double[] vel) {
        double s = 0;
        for (double v : vel) {
            s += 0.5 * v * v;
        }
        return s;
    }

    /** The sequential kernel. */
    public static Result run(Problem p) {
        try {
            return simulate(p, ranks(p, 0, 1, (step, partial) -> partial));
        } catch (Exception e) {
            throw new IllegalStateException(e); // the identity reduction throws nothing
        }
    }

    /** Null when {@code actual} is within {@link #TOLERANCE} of {@code expected}; else the first difference. */
    public static String compare(Problem p, Result expected, Result actual) {
        for (int m = 0; m < expected.kinetic().length; m++) {
            double scale = Math.abs(expected.kinetic()[m]) + Math.abs(expected.potential()[m]) + 1e-300;
            if (!(Math.abs(expected.kinetic()[m] - actual.kinetic()[m]) <= TOLERANCE * scale)
                    || !(Math.abs(expected.potential()[m] - actual.potential()[m]) <= TOLERANCE * scale)) {
                return "move " + m + ": kinetic " + actual.kinetic()[m] + " potential " + actual.potential()[m]
                        + ", the sequential version has " + expected.kinetic()[m] + " and "
                        + expected.potential()[m] + " (tolerance " + TOLERANCE + " relative)";
            }
        }
        for (int i = 0; i < expected.position().length; i++) {
            double d = image(expected.position()[i] - actual.position()[i], p.side());
            if (!(Math.abs(d) <= TOLERANCE * p.side())) {
                return "coordinate " + i % 3 + " of atom " + i / 3 + " = " + actual.position()[i]
                        + ", the sequential version has " + expected.position()[i] + " (tolerance " + TOLERANCE
                        + " of the box)";
            }
        }
        return null;
    }
}
