package io.mobula.apps.water;

import java.io.Serializable;
import java.util.SplittableRandom;

/**
 * SPLASH-2's Water-Nsquared (thesis 2.5.3): molecular dynamics of liquid water, three-site flexible molecules
 * ({@link WaterPotential}) in a periodic cubic box, every pair of molecules considered, a spherical cut-off at half
 * the box (at most 11 A), and Gear's sixth-order predictor-corrector. Each molecule i is paired with the n/2
 * molecules after it (cyclically), so every pair is computed once (the half-shell method; for even n the opposite
 * pair goes to the molecule whose partner is even, as in SPLASH). The parallel versions give each rank a block of
 * molecules; a rank needs the predicted positions of the blocks its molecules' half shells reach and sends them the
 * forces it computed on their molecules. The forces on a molecule are summed in another order in the parallel
 * versions than in the sequential loop, so results agree within rounding: see {@link #TOLERANCE}.
 *
 * <p>As in SPLASH, each atom carries its position and the scaled derivatives {@code x^(k) dt^k / k!}, k = 1..6
 * (the Nordsieck vector); a step predicts them by the Taylor series, computes the forces at the predicted
 * positions, corrects every derivative by Gear's coefficients times the difference between the computed and the
 * predicted acceleration, and moves a molecule whose oxygen left the box back in by one side.
 */
public final class Water {
    /** SPLASH's temperature (K). */
    public static final double TEMPERATURE = 298.0;
    /** SPLASH's density (g/cm^3). */
    public static final double DENSITY = 0.9980;
    /** The time step (fs): SPLASH's input deck uses 1.5e-16 s. */
    public static final double DT = 0.15;
    /** The order of the predictor-corrector (SPLASH's NORDER): derivatives up to the sixth. */
    public static final int ORDER = 6;
    /**
     * The relative difference allowed between a parallel and the sequential result (positions relative to the box,
     * velocities relative to the largest speed): the sums over ranks differ from the sequential sums by rounding,
     * about 1e-15, which grows by a few orders of magnitude over the default number of steps.
     */
    public static final double TOLERANCE = 1e-9;

    /** Gear's corrector coefficients for a second-order equation with 7 values (SPLASH's PCC for NORDER 6). */
    private static final double[] GEAR = {863.0 / 6048, 665.0 / 1008, 1, 25.0 / 36, 35.0 / 144, 1.0 / 24, 1.0 / 360};
    /** Binomial coefficients for the predictor: {@code BINOMIAL[j][i]} = j choose i. */
    private static final double[][] BINOMIAL = binomials(ORDER);
    /** The mass of a water molecule (amu). */
    private static final double MOLECULE_MASS = WaterPotential.OXYGEN_MASS + 2 * WaterPotential.HYDROGEN_MASS;
    private static final double AMU_GRAMS = 1.6605655e-24;

    private Water() {
    }

    /**
     * The input.
     *
     * @param side the box's side (A)
     * @param cutoff the cut-off radius (A)
     * @param position the atoms' positions, 9 per molecule (see {@link WaterPotential})
     * @param velocity the atoms' velocities (A/fs), likewise
     * @param steps the number of time steps
     */
    public record Problem(double side, double cutoff, double[] position, double[] velocity, int steps) {
        /** The number of molecules. */
        public int molecules() {
            return position.length / 9;
        }

        /** The potential of this box. */
        public WaterPotential potential() {
            return new WaterPotential(side, cutoff);
        }
    }

    /**
     * A result.
     *
     * @param position the final positions of the atoms (9 per molecule)
     * @param velocity their final velocities (A/fs)
     */
    public record State(double[] position, double[] velocity) implements Serializable {
    }

    /**
     * {@code m^3} molecules at SPLASH's density on a cubic lattice, each in its equilibrium shape in the xy plane,
     * with random atom velocities from {@code seed}, scaled as SPLASH scales them: no net momentum and a kinetic
     * energy of kT/2 per atom and axis.
     */
    public static Problem problem(int m, int steps, long seed) {
        int n = m * m * m;
        double side = Math.cbrt(n * MOLECULE_MASS * AMU_GRAMS / DENSITY) * 1e8;
        // SPLASH's spacing: the side over (cube root of n, less a little), the first molecule half a spacing in
        double spacing = side / (Math.cbrt(n) - 0.00001);
        double zero = spacing / 2;
        double wcos = WaterPotential.ROH * Math.cos(WaterPotential.ANGLE / 2);
        double wsin = WaterPotential.ROH * Math.sin(WaterPotential.ANGLE / 2);
        double[] pos = new double[9 * n];
        int mol = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    double x = zero + i * spacing;
                    double y = zero + j * spacing;
                    double z = zero + k * spacing;
                    set(pos, mol, WaterPotential.O, x, y, z);
                    set(pos, mol, WaterPotential.H1, x + wcos, y + wsin, z);
                    set(pos, mol, WaterPotential.H2, x + wcos, y - wsin, z);
                    mol++;
                }
            }
        }
        // a random momentum per atom and axis, less the mean, scaled per axis to kT/2 per atom
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] p = new double[9 * n];
        double[] mean = new double[3];
        for (int i = 0; i < p.length; i++) {
            p[i] = rnd.nextDouble(-1, 1);
            mean[i % 3] += p[i] / (3.0 * n);
        }
        double[] sum = new double[3];
        for (int i = 0; i < p.length; i++) {
            p[i] -= mean[i % 3];
            sum[i % 3] += p[i] * p[i] / WaterPotential.mass(i / 3 % 3);
        }
        double kt = WaterPotential.BOLTZMANN * TEMPERATURE * 3 * n;
        double[] vel = new double[9 * n];
        for (int i = 0; i < p.length; i++) {
            vel[i] = p[i] * Math.sqrt(kt / sum[i % 3]) / WaterPotential.mass(i / 3 % 3);
        }
        return new Problem(side, WaterPotential.cutoff(side), pos, vel, steps);
    }

    private static void set(double[] pos, int mol, int atom, double x, double y, double z) {
        pos[9 * mol + 3 * atom] = x;
        pos[9 * mol + 3 * atom + 1] = y;
        pos[9 * mol + 3 * atom + 2] = z;
    }

    private static double[][] binomials(int order) {
        double[][] c = new double[order + 1][order + 1];
        for (int j = 0; j <= order; j++) {
            c[j][0] = 1;
            for (int i = 1; i <= j; i++) {
                c[j][i] = c[j - 1][i - 1] + (i < j ? c[j - 1][i] : 0);
            }
        }
        return c;
    }

    /**
     * How many molecules after {@code i} (cyclically) molecule i is paired with: n/2, less one for an even n where
     * SPLASH gives the opposite pair to the other molecule (the one with the even partner keeps it).
     */
    public static int shell(int n, int i) {
        int half = n / 2;
        int last = i + half;
        if (n % 2 == 0 && (i >= half ? i % 2 == 0 : last % 2 == 1)) {
            last--;
        }
        return last - i;
    }

    /**
     * The Nordsieck vector of a run: {@code d[k]} holds {@code x^(k) dt^k / k!} for every coordinate (k = 0: the
     * positions), as SPLASH keeps it.
     */
    static double[][] start(Problem p) {
        double[][] d = new double[ORDER + 1][];
        d[0] = p.position().clone();
        d[1] = p.velocity().clone();
        for (int i = 0; i < d[1].length; i++) {
            d[1][i] *= DT;
        }
        for (int k = 2; k <= ORDER; k++) {
            d[k] = new double[d[0].length];
        }
        return d;
    }

    /**
     * The forces of molecules {@code lo ..< hi} and of their half shells: the intramolecular ones on lo ..< hi,
     * then the pairs, added to {@code f} on both molecules of each pair. Uses the positions of lo ..< hi and of
     * the molecules their half shells reach.
     */
    public static void forces(WaterPotential w, double[] pos, int lo, int hi, double[] f) {
        int n = pos.length / 9;
        double[] m = new double[3 * n];
        WaterPotential.chargeSites(pos, m);
        double[] scratch = new double[WaterPotential.SCRATCH];
        WaterPotential.intramolecular(pos, lo, hi, f);
        for (int i = lo; i < hi; i++) {
            int last = i + shell(n, i);
            for (int jj = i + 1; jj <= last; jj++) {
                w.pair(pos, m, i, jj < n ? jj : jj - n, f, scratch);
            }
        }
    }

    /** The total potential energy of a configuration (intramolecular and intermolecular), for checks. */
    public static double potentialEnergy(WaterPotential w, double[] pos) {
        int n = pos.length / 9;
        double[] m = new double[3 * n];
        WaterPotential.chargeSites(pos, m);
        double[] scratch = new double[WaterPotential.SCRATCH];
        double e = WaterPotential.intramolecular(pos, 0, n, new double[pos.length]);
        for (int i = 0; i < n; i++) {
            int last = i + shell(n, i);
            for (int jj = i + 1; jj <= last; jj++) {
                e += w.pairEnergy(pos, m, i, jj < n ? jj : jj - n, scratch);
            }
        }
        return e;
    }

    /** The kinetic energy of atoms with velocities {@code vel} (A/fs). */
    public static double kineticEnergy(double[] vel) {
        double s = 0;
        for (int i = 0; i < vel.length; i++) {
            s += 0.5 * WaterPotential.mass(i / 3 % 3) * vel[i] * vel[i];
        }
        return s;
    }

    /** The temperature of atoms with velocities {@code vel}: twice their kinetic energy over 3 k per atom. */
    public static double temperature(double[] vel) {
        return 2 * kineticEnergy(vel) / (WaterPotential.BOLTZMANN * vel.length);
    }

    /** Turns the forces on molecules {@code lo ..< hi} into scaled accelerations {@code a dt^2 / 2}, in place. */
    static void scale(double[] f, int lo, int hi) {
        for (int i = 9 * lo; i < 9 * hi; i++) {
            f[i] *= 0.5 * DT * DT / WaterPotential.mass(i / 3 % 3);
        }
    }

    /** The predictor for molecules {@code lo ..< hi}: each derivative by the Taylor series of the higher ones. */
    static void predict(double[][] d, int lo, int hi) {
        for (int i = 0; i < ORDER; i++) {
            double[] di = d[i];
            for (int x = 9 * lo; x < 9 * hi; x++) {
                double s = 0;
                for (int j = i + 1; j <= ORDER; j++) {
                    s += BINOMIAL[j][i] * d[j][x];
                }
                di[x] += s;
            }
        }
    }

    /**
     * The corrector for molecules {@code lo ..< hi}: every derivative moves by Gear's coefficient times the computed
     * scaled acceleration {@code acc} less the predicted one; then a molecule whose oxygen left the box comes back
     * in by one side (SPLASH's BNDRY).
     */
    static void correct(double side, double[][] d, double[] acc, int lo, int hi) {
        for (int x = 9 * lo; x < 9 * hi; x++) {
            double y = acc[x] - d[2][x];
            for (int k = 0; k <= ORDER; k++) {
                d[k][x] += GEAR[k] * y;
            }
        }
        double[] pos = d[0];
        for (int i = lo; i < hi; i++) {
            for (int c = 0; c < 3; c++) {
                double o = pos[9 * i + 3 * WaterPotential.O + c];
                double shift = o > side ? -side : o < 0 ? side : 0;
                if (shift != 0) {
                    for (int a = 0; a < 3; a++) {
                        pos[9 * i + 3 * a + c] += shift;
                    }
                }
            }
        }
    }

    /** Sets the scaled accelerations of the start: the forces at the start positions. */
    static void startAccelerations(double[][] d, double[] acc, int lo, int hi) {
        System.arraycopy(acc, 9 * lo, d[2], 9 * lo, 9 * (hi - lo));
    }

    /** The velocities (A/fs) of a Nordsieck vector. */
    static double[] velocities(double[][] d) {
        double[] v = d[1].clone();
        for (int i = 0; i < v.length; i++) {
            v[i] /= DT;
        }
        return v;
    }

    /** The sequential kernel. */
    public static State run(Problem p) {
        return run(p, null, 1);
    }

    /**
     * The sequential kernel; {@code energy}, when not null, gets the total energy (kinetic plus potential) at the
     * start and after every {@code every} steps ({@code energy[s / every]} after step s).
     */
    public static State run(Problem p, double[] energy, int every) {
        int n = p.molecules();
        WaterPotential w = p.potential();
        double[][] d = start(p);
        double[] f = new double[9 * n];
        forces(w, d[0], 0, n, f);
        scale(f, 0, n);
        startAccelerations(d, f, 0, n);
        if (energy != null) {
            energy[0] = potentialEnergy(w, d[0]) + kineticEnergy(velocities(d));
        }
        for (int s = 1; s <= p.steps(); s++) {
            predict(d, 0, n);
            f = new double[9 * n];
            forces(w, d[0], 0, n, f);
            scale(f, 0, n);
            correct(p.side(), d, f, 0, n);
            if (energy != null && s % every == 0) {
                energy[s / every] = potentialEnergy(w, d[0]) + kineticEnergy(velocities(d));
            }
        }
        return new State(d[0], velocities(d));
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
        // each shell is a run starting right after its molecule, of n/2 - 1 or more molecules (for n > 2), so the
        // shells of lo ..< hi together cover one run, up to the furthest end
        int last = lo;
        for (int i = lo; i < hi; i++) {
            last = Math.max(last, i + shell(n, i));
        }
        for (int jj = lo + 1; jj <= last; jj++) {
            out[owner(n, size, jj < n ? jj : jj - n)] = true;
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
            double d = expected.position()[i] - actual.position()[i];
            d -= p.side() * Math.rint(d / p.side());
            if (!(Math.abs(d) <= TOLERANCE * p.side())) {
                return "coordinate " + i % 3 + " of atom " + i / 3 % 3 + " of molecule " + i / 9 + " = "
                        + actual.position()[i] + ", the sequential version has " + expected.position()[i]
                        + " (tolerance " + TOLERANCE + " of the box)";
            }
            if (!(Math.abs(expected.velocity()[i] - actual.velocity()[i]) <= TOLERANCE * vmax)) {
                return "velocity " + i % 3 + " of atom " + i / 3 % 3 + " of molecule " + i / 9 + " = "
                        + actual.velocity()[i] + ", the sequential version has " + expected.velocity()[i]
                        + " (tolerance " + TOLERANCE + " of the largest speed)";
            }
        }
        return null;
    }
}
