package io.mobula.apps.barnes;

import java.io.Serializable;
import java.util.SplittableRandom;

/**
 * Barnes-Hut N-body simulation (thesis 2.5.3, 3.5.1): every step builds an octree of the bodies, computes each
 * body's acceleration by walking the tree (a far cell acts as one body, {@link #THETA}), and moves the bodies by a
 * leapfrog step. In the parallel versions each rank owns the bodies of a stretch of space and builds a locally
 * essential tree ({@link BarnesRanks}): where its bodies' walks go, that tree is the tree of all bodies, cell for
 * cell and sum for sum, so every version gives the sequential result bit for bit.
 */
public final class Barnes {
    /** The opening criterion: a cell is opened when its side is at least THETA times its distance. */
    public static final double THETA = 0.5;
    /** The softening length. */
    public static final double EPS = 0.025;
    /** The time step. */
    public static final double DT = 0.025;

    private Barnes() {
    }

    /**
     * The input.
     *
     * @param position x, y, z of every body
     * @param velocity the same for the velocities
     * @param mass the masses
     * @param steps the number of time steps
     */
    public record Problem(double[] position, double[] velocity, double[] mass, int steps) {
        /** The number of bodies. */
        public int bodies() {
            return mass.length;
        }
    }

    /**
     * A state of the bodies.
     *
     * @param position x, y, z of every body
     * @param velocity the same for the velocities
     */
    public record State(double[] position, double[] velocity) implements Serializable {
    }

    /** {@code n} bodies of mass 1/n uniform in the unit ball, slowly rotating, from {@code seed}. */
    public static Problem problem(int n, int steps, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] pos = new double[3 * n];
        double[] vel = new double[3 * n];
        double[] mass = new double[n];
        for (int i = 0; i < n; i++) {
            double x;
            double y;
            double z;
            do {
                x = rnd.nextDouble(-1, 1);
                y = rnd.nextDouble(-1, 1);
                z = rnd.nextDouble(-1, 1);
            } while (x * x + y * y + z * z > 1);
            pos[3 * i] = x;
            pos[3 * i + 1] = y;
            pos[3 * i + 2] = z;
            vel[3 * i] = -0.3 * y + rnd.nextDouble(-0.05, 0.05);
            vel[3 * i + 1] = 0.3 * x + rnd.nextDouble(-0.05, 0.05);
            vel[3 * i + 2] = rnd.nextDouble(-0.05, 0.05);
            mass[i] = 1.0 / n;
        }
        return new Problem(pos, vel, mass, steps);
    }

    /**
     * One step for bodies {@code lo ..< hi}: their accelerations from the tree of all positions, then a leapfrog
     * (kick, drift) of those bodies alone into {@code newPos} and {@code newVel} at the same indices.
     */
    public static void step(Problem p, double[] pos, double[] vel, int lo, int hi, double[] newPos, double[] newVel) {
        Octree tree = new Octree(pos, p.mass());
        double[] a = new double[3];
        for (int i = lo; i < hi; i++) {
            tree.acceleration(i, THETA, EPS, a);
            for (int d = 0; d < 3; d++) {
                double v = vel[3 * i + d] + DT * a[d];
                newVel[3 * i + d] = v;
                newPos[3 * i + d] = pos[3 * i + d] + DT * v;
            }
        }
    }

    /** The sequential kernel. */
    public static State run(Problem p) {
        double[] pos = p.position().clone();
        double[] vel = p.velocity().clone();
        double[] nextPos = new double[pos.length];
        double[] nextVel = new double[vel.length];
        for (int s = 0; s < p.steps(); s++) {
            step(p, pos, vel, 0, p.bodies(), nextPos, nextVel);
            double[] t = pos;
            pos = nextPos;
            nextPos = t;
            t = vel;
            vel = nextVel;
            nextVel = t;
        }
        return new State(pos, vel);
    }

    /** The acceleration of body {@code i} by direct summation over every other body (the reference). */
    public static double[] direct(double[] pos, double[] mass, int i) {
        double[] a = new double[3];
        for (int j = 0; j < mass.length; j++) {
            if (j != i) {
                Octree.add(mass[j], pos[3 * j] - pos[3 * i], pos[3 * j + 1] - pos[3 * i + 1],
                        pos[3 * j + 2] - pos[3 * i + 2], EPS * EPS, a);
            }
        }
        return a;
    }

    /** The acceleration of body {@code i} from the tree, with opening criterion {@code theta}. */
    static double[] tree(double[] pos, double[] mass, int i, double theta) {
        double[] a = new double[3];
        new Octree(pos, mass).acceleration(i, theta, EPS, a);
        return a;
    }

    /** First body of rank {@code r} of {@code size}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }
}
