package io.mobula.apps.water;

/**
 * The water model of SPLASH-2's Water-Nsquared: a flexible three-site molecule (atoms H1, O, H2) with the MCY
 * (Matsuoka-Clementi-Yoshimine) intermolecular potential and a quartic intramolecular force field. Units are those
 * of SPLASH: lengths in angstrom, times in femtoseconds, masses in atomic mass units, so energies are in
 * amu * A^2 / fs^2 (about 10^4 kJ/mol).
 *
 * <p>Intermolecular: point charges +q on each H and -2q on a massless site M on the bisector,
 * {@code M = C1 * O + C2 * (H1 + H2)}, interacting by Coulomb's law plus a reaction-field term
 * {@code q_i q_j r^2 / (2 Rc^3)}, so the force of each charge pair falls to zero at the cut-off Rc; a charge pair
 * beyond Rc counts as if at Rc. Two molecules interact only if at least one of their 9 charge pairs is within Rc;
 * the exponential O-O, H-H and O-H repulsions and attractions count only if all 9 are. Each of the 14 site-pair
 * distances takes its own nearest periodic image, per coordinate (SPLASH's CSHIFT). The force on M is shared out to
 * O and the H atoms by the weights that place it.
 *
 * <p>Intramolecular: a polynomial up to fourth order in the two O-H stretches and the bend (the angle's change
 * times the equilibrium bond length), SPLASH's force constants.
 *
 * <p>Positions and forces are arrays of 9 numbers per molecule: atom {@link #H1}, {@link #O}, {@link #H2}, each x,
 * y, z ({@code 9 * molecule + 3 * atom + axis}).
 */
public final class WaterPotential {
    /** Atom index of the first hydrogen. */
    public static final int H1 = 0;
    /** Atom index of the oxygen. */
    public static final int O = 1;
    /** Atom index of the second hydrogen. */
    public static final int H2 = 2;

    /** Mass of O (amu). */
    public static final double OXYGEN_MASS = 15.99945;
    /** Mass of H (amu). */
    public static final double HYDROGEN_MASS = 1.007825;
    /** The equilibrium O-H bond length (A). */
    public static final double ROH = 0.9572;
    /** The equilibrium H-O-H angle (radians). */
    public static final double ANGLE = 1.824218;
    /** Boltzmann's constant in amu * A^2 / fs^2 per kelvin (SPLASH's BOLTZ scaled by its units). */
    public static final double BOLTZMANN = 1.380662e-16 / 1.6605655e-24 * 1e-14;
    /** Cut-offs are never larger than this (A), as in SPLASH. */
    public static final double MAX_CUTOFF = 11.0;

    // MCY intermolecular parameters
    private static final double QQ = 0.07152158;
    private static final double A1 = 455.313100;
    private static final double B1 = 5.15271070;
    private static final double A2 = 0.27879839;
    private static final double B2 = 2.76084370;
    private static final double A3 = 0.60895706;
    private static final double B3 = 2.96189550;
    private static final double A4 = 0.11447336;
    private static final double B4 = 2.23326410;
    private static final double CM = 0.45682590;
    static final double C1 = 1 - CM;
    static final double C2 = 0.5 * CM;

    // quadratic, cubic and quartic force constants (1 = a stretch, 3 = the bend)
    private static final double FC11 = 0.512596;
    private static final double FC33 = 0.048098;
    private static final double FC12 = -0.005823;
    private static final double FC13 = 0.016452;
    private static final double FC111 = -0.57191;
    private static final double FC333 = -0.007636;
    private static final double FC112 = -0.001867;
    private static final double FC113 = -0.002047;
    private static final double FC123 = -0.03083;
    private static final double FC133 = -0.0094245;
    private static final double FC1111 = 0.8431;
    private static final double FC3333 = -0.00193;
    private static final double FC1112 = -0.0030;
    private static final double FC1122 = 0.0036;
    private static final double FC1113 = -0.012;
    private static final double FC1123 = 0.0060;
    private static final double FC1133 = -0.0048;
    private static final double FC1233 = 0.0211;
    private static final double FC1333 = 0.006263;
    private static final double ROHI = 1 / ROH;
    private static final double ROHI2 = ROHI * ROHI;

    /** The working space {@link #pair} and {@link #pairEnergy} need. */
    public static final int SCRATCH = 104;
    /** Site indices within a molecule for the intermolecular pairs: 0..2 the atoms, 3 the charge site M. */
    private static final int M = 3;
    /** The 14 site pairs: 9 charge pairs (M-M, M-H, H-M, H-H), then O-O and the 4 O-H pairs. */
    private static final int[] SITE_A = {M, M, M, H1, H2, H1, H1, H2, H2, O, O, O, H1, H2};
    private static final int[] SITE_B = {M, H1, H2, M, M, H1, H2, H1, H2, O, H1, H2, O, O};
    /** The product of the charges of each charge pair, in units of q^2. */
    private static final double[] CHARGES = {4, -2, -2, -2, -2, 1, 1, 1, 1};

    private final double side;
    private final double half;
    private final double cutoff;
    private final double cut2;
    /** -q^2 / Rc^3: the reaction-field force of a unit charge product. */
    private final double ref;

    /**
     * The potential in a periodic cubic box.
     *
     * @param side the box's side (A)
     * @param cutoff the cut-off radius (A), at most half the side
     */
    public WaterPotential(double side, double cutoff) {
        if (!(side > 0) || !(cutoff > 0) || cutoff > side / 2) {
            throw new IllegalArgumentException("need 0 < cutoff <= side / 2, not side " + side + ", cutoff " + cutoff);
        }
        this.side = side;
        this.half = side / 2;
        this.cutoff = cutoff;
        this.cut2 = cutoff * cutoff;
        this.ref = -QQ / (cutoff * cutoff * cutoff);
    }

    /** SPLASH's cut-off for a box: half its side, never more than {@link #MAX_CUTOFF}. */
    public static double cutoff(double side) {
        return Math.min(side / 2, MAX_CUTOFF);
    }

    /** The box's side. */
    public double side() {
        return side;
    }

    /** The cut-off radius. */
    public double cutoff() {
        return cutoff;
    }

    /** The mass of an atom. */
    public static double mass(int atom) {
        return atom == O ? OXYGEN_MASS : HYDROGEN_MASS;
    }

    /**
     * Adds the intramolecular forces on the atoms of molecules {@code lo ..< hi} to {@code f}; returns their
     * intramolecular potential energy.
     */
    public static double intramolecular(double[] pos, int lo, int hi, double[] f) {
        double energy = 0;
        for (int m = lo; m < hi; m++) {
            int b = 9 * m;
            // vectors from each H to O
            double v1x = pos[b + 3 * O] - pos[b + 3 * H1];
            double v1y = pos[b + 3 * O + 1] - pos[b + 3 * H1 + 1];
            double v1z = pos[b + 3 * O + 2] - pos[b + 3 * H1 + 2];
            double v2x = pos[b + 3 * O] - pos[b + 3 * H2];
            double v2y = pos[b + 3 * O + 1] - pos[b + 3 * H2 + 1];
            double v2z = pos[b + 3 * O + 2] - pos[b + 3 * H2 + 2];
            double r1 = Math.sqrt(v1x * v1x + v1y * v1y + v1z * v1z);
            double r2 = Math.sqrt(v2x * v2x + v2y * v2y + v2z * v2z);
            double cos = (v1x * v2x + v1y * v2y + v1z * v2z) / (r1 * r2);
            double sin = Math.sqrt(1 - cos * cos);
            double d1 = r1 - ROH;
            double d2 = r2 - ROH;
            double t = (Math.acos(cos) - ANGLE) * ROH;
            energy += bondEnergy(d1, d2, t);
            // dU/d(d1), dU/dt, dU/d(d2)
            double g1 = stretchGradient(d1, d2, t);
            double g3 = stretchGradient(d2, d1, t);
            double gt = bendGradient(d1, d2, t);
            // unit vectors H->O, and d(t)/d(H1), d(t)/d(H2) times -1
            double u1x = v1x / r1;
            double u1y = v1y / r1;
            double u1z = v1z / r1;
            double u2x = v2x / r2;
            double u2y = v2y / r2;
            double u2z = v2z / r2;
            double s1 = ROH / (r1 * sin);
            double s2 = ROH / (r2 * sin);
            // force on H1 = g1 * u1 + gt * (u1 cos - u2) * s1; on H2 likewise; O takes the opposite of their sum
            double h1x = g1 * u1x + gt * (u1x * cos - u2x) * s1;
            double h1y = g1 * u1y + gt * (u1y * cos - u2y) * s1;
            double h1z = g1 * u1z + gt * (u1z * cos - u2z) * s1;
            double h2x = g3 * u2x + gt * (u2x * cos - u1x) * s2;
            double h2y = g3 * u2y + gt * (u2y * cos - u1y) * s2;
            double h2z = g3 * u2z + gt * (u2z * cos - u1z) * s2;
            f[b + 3 * H1] += h1x;
            f[b + 3 * H1 + 1] += h1y;
            f[b + 3 * H1 + 2] += h1z;
            f[b + 3 * H2] += h2x;
            f[b + 3 * H2 + 1] += h2y;
            f[b + 3 * H2 + 2] += h2z;
            f[b + 3 * O] -= h1x + h2x;
            f[b + 3 * O + 1] -= h1y + h2y;
            f[b + 3 * O + 2] -= h1z + h2z;
        }
        return energy;
    }

    /** The intramolecular energy for stretches {@code d1}, {@code d2} and bend {@code t}. */
    static double bondEnergy(double d1, double d2, double t) {
        double d1s = d1 * d1;
        double d2s = d2 * d2;
        double ts = t * t;
        double dp = d1 + d2;
        double quadratic = 0.5 * (FC11 * (d1s + d2s) + FC33 * ts) + FC12 * d1 * d2 + FC13 * dp * t;
        double cubic = FC111 * (d1s * d1 + d2s * d2) + FC333 * ts * t + FC112 * dp * d1 * d2
                + FC113 * (d1s + d2s) * t + FC123 * d1 * d2 * t + FC133 * dp * ts;
        double quartic = FC1111 * (d1s * d1s + d2s * d2s) + FC3333 * ts * ts + FC1112 * (d1s + d2s) * d1 * d2
                + FC1122 * d1s * d2s + FC1113 * (d1s * d1 + d2s * d2) * t + FC1123 * dp * d1 * d2 * t
                + FC1133 * (d1s + d2s) * ts + FC1233 * d1 * d2 * ts + FC1333 * dp * ts * t;
        return quadratic + cubic * ROHI + quartic * ROHI2;
    }

    /** dU/da of {@link #bondEnergy} for the stretch a (the other stretch b). */
    private static double stretchGradient(double a, double b, double t) {
        double as = a * a;
        double bs = b * b;
        double ts = t * t;
        double quadratic = FC11 * a + FC12 * b + FC13 * t;
        double cubic = 3 * FC111 * as + FC112 * (2 * a + b) * b + 2 * FC113 * a * t + FC123 * b * t + FC133 * ts;
        double quartic = 4 * FC1111 * as * a + FC1112 * (3 * as + bs) * b + 2 * FC1122 * a * bs
                + 3 * FC1113 * as * t + FC1123 * (2 * a + b) * b * t + (2 * FC1133 * a + FC1233 * b + FC1333 * t) * ts;
        return quadratic + cubic * ROHI + quartic * ROHI2;
    }

    /** dU/dt of {@link #bondEnergy}. */
    private static double bendGradient(double d1, double d2, double t) {
        double d1s = d1 * d1;
        double d2s = d2 * d2;
        double ts = t * t;
        double dp = d1 + d2;
        double quadratic = FC33 * t + FC13 * dp;
        double cubic = 3 * FC333 * ts + FC113 * (d1s + d2s) + FC123 * d1 * d2 + 2 * FC133 * dp * t;
        double quartic = 4 * FC3333 * ts * t + FC1113 * (d1s * d1 + d2s * d2) + FC1123 * dp * d1 * d2
                + 2 * FC1133 * (d1s + d2s) * t + 2 * FC1233 * d1 * d2 * t + 3 * FC1333 * dp * ts;
        return quadratic + cubic * ROHI + quartic * ROHI2;
    }

    /**
     * Where the charge site M of every molecule is: 3 numbers per molecule.
     *
     * @param pos the atoms' positions (9 per molecule)
     * @param m where to write M's positions (3 per molecule)
     */
    public static void chargeSites(double[] pos, double[] m) {
        int n = pos.length / 9;
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) {
                m[3 * i + c] = C1 * pos[9 * i + 3 * O + c] + C2 * (pos[9 * i + 3 * H1 + c] + pos[9 * i + 3 * H2 + c]);
            }
        }
    }

    /**
     * Adds the intermolecular forces between molecule {@code a} and molecule {@code b} to {@code f} (on both).
     *
     * @param pos the atoms' positions
     * @param m the charge sites' positions (see {@link #chargeSites})
     * @param scratch {@link #SCRATCH} numbers of working space
     */
    public void pair(double[] pos, double[] m, int a, int b, double[] f, double[] scratch) {
        if (!separations(pos, m, a, b, scratch)) {
            return;
        }
        double[] d = scratch;
        boolean all = true;
        for (int k = 0; k < 9; k++) {
            all &= d[4 * k + 3] <= cut2;
        }
        // the forces on the four sites of a (M last), b gets the opposite of each pair's
        java.util.Arrays.fill(d, 80, 104, 0);
        for (int k = 0; k < 14; k++) {
            double rs = d[4 * k + 3];
            double ff = 0;
            if (k < 9) {
                if (k < 5 ? rs < cut2 : rs <= cut2) {
                    ff = CHARGES[k] * (QQ / (rs * Math.sqrt(rs)) + ref);
                }
                if (all && k >= 5) {
                    double r = Math.sqrt(rs);
                    ff += A2 * B2 * Math.exp(-B2 * r) / r;
                }
            } else if (all) {
                double r = Math.sqrt(rs);
                ff = k == 9 ? A1 * B1 * Math.exp(-B1 * r) / r
                        : (A3 * B3 * Math.exp(-B3 * r) - A4 * B4 * Math.exp(-B4 * r)) / r;
            }
            if (ff != 0) {
                int sa = 3 * SITE_A[k];
                int sb = 3 * SITE_B[k];
                for (int c = 0; c < 3; c++) {
                    double g = ff * d[4 * k + c];
                    d[80 + sa + c] += g;
                    d[92 + sb + c] -= g;
                }
            }
        }
        spread(f, a, d, 80);
        spread(f, b, d, 92);
    }

    /** Adds the forces on the four sites of molecule i to its atoms, M's shared out by the weights that place it. */
    private static void spread(double[] f, int i, double[] fs, int at) {
        int b = 9 * i;
        for (int c = 0; c < 3; c++) {
            double g = fs[at + 3 * M + c];
            f[b + 3 * O + c] += fs[at + 3 * O + c] + C1 * g;
            f[b + 3 * H1 + c] += fs[at + 3 * H1 + c] + C2 * g;
            f[b + 3 * H2 + c] += fs[at + 3 * H2 + c] + C2 * g;
        }
    }

    /**
     * The 14 site-pair separations of molecules a and b, each its nearest periodic image per coordinate, as x, y,
     * z, r^2 in {@code d}; false when all 9 charge pairs are beyond the cut-off (the molecules do not interact).
     */
    private boolean separations(double[] pos, double[] m, int a, int b, double[] d) {
        // the four sites of each molecule: atoms, then M
        int sa = 9 * a;
        int sb = 9 * b;
        double[] s = d; // sites of a at 56 ..< 68, of b at 68 ..< 80 (then the forces, see pair)
        System.arraycopy(pos, sa, s, 56, 9);
        System.arraycopy(m, 3 * a, s, 65, 3);
        System.arraycopy(pos, sb, s, 68, 9);
        System.arraycopy(m, 3 * b, s, 77, 3);
        int beyond = 0;
        for (int k = 0; k < 14; k++) {
            int ia = 56 + 3 * SITE_A[k];
            int ib = 68 + 3 * SITE_B[k];
            double rs = 0;
            for (int c = 0; c < 3; c++) {
                double x = s[ia + c] - s[ib + c];
                if (Math.abs(x) > half) {
                    x -= Math.copySign(side, x);
                }
                d[4 * k + c] = x;
                rs += x * x;
            }
            d[4 * k + 3] = rs;
            if (k < 9 && rs > cut2) {
                beyond++;
            }
        }
        return beyond < 9;
    }

    /**
     * The intermolecular potential energy of the pair a, b: Coulomb and reaction field over the 9 charge pairs
     * (those beyond the cut-off as if at it), and the exponential terms if all 9 are within it; 0 if none is.
     */
    public double pairEnergy(double[] pos, double[] m, int a, int b, double[] scratch) {
        if (!separations(pos, m, a, b, scratch)) {
            return 0;
        }
        double[] d = scratch;
        boolean all = true;
        double e = 0;
        for (int k = 0; k < 9; k++) {
            double rs = Math.min(d[4 * k + 3], cut2);
            all &= d[4 * k + 3] <= cut2;
            e += CHARGES[k] * QQ * (1 / Math.sqrt(rs) + 0.5 * rs / (cut2 * cutoff));
        }
        if (all) {
            e += A1 * Math.exp(-B1 * Math.sqrt(d[4 * 9 + 3]));
            for (int k = 5; k < 9; k++) {
                e += A2 * Math.exp(-B2 * Math.sqrt(d[4 * k + 3]));
            }
            for (int k = 10; k < 14; k++) {
                double r = Math.sqrt(d[4 * k + 3]);
                e += A3 * Math.exp(-B3 * r) - A4 * Math.exp(-B4 * r);
            }
        }
        return e;
    }
}
