package io.mobula.apps.barnes;

/**
 * The octree of Barnes-Hut: cells split into eight octants until each holds at most one body, each cell with its
 * total mass and centre of mass. Built by inserting the bodies in index order, so the same positions give the same
 * tree, bit for bit, on every rank. A child entry is -1 (empty), a body index (>= 0) or {@code -(cell + 2)}.
 */
final class Octree {
    private static final int EMPTY = -1;
    private static final int MAX_DEPTH = 60;

    private int[] child;
    private double[] geometry; // per cell: centre x, y, z, half the side
    private double[] moment; // per cell: mass, centre of mass x, y, z
    private int cells;
    private final double[] pos;
    private final double[] mass;

    /** The tree of the bodies at {@code pos} (x, y, z per body) with masses {@code mass}. */
    Octree(double[] pos, double[] mass) {
        this.pos = pos;
        this.mass = mass;
        int n = mass.length;
        int capacity = Math.max(16, 2 * n);
        child = new int[8 * capacity];
        geometry = new double[4 * capacity];
        moment = new double[4 * capacity];
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                lo[d] = Math.min(lo[d], pos[3 * i + d]);
                hi[d] = Math.max(hi[d], pos[3 * i + d]);
            }
        }
        double half = 0;
        for (int d = 0; d < 3; d++) {
            half = Math.max(half, (hi[d] - lo[d]) / 2);
        }
        half = half * 1.001 + 1e-9;
        newCell((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2, half);
        for (int i = 0; i < n; i++) {
            insert(i);
        }
        summarize(0);
    }

    private int newCell(double x, double y, double z, double half) {
        if (cells * 8 == child.length) {
            child = java.util.Arrays.copyOf(child, child.length * 2);
            geometry = java.util.Arrays.copyOf(geometry, geometry.length * 2);
            moment = java.util.Arrays.copyOf(moment, moment.length * 2);
        }
        int c = cells++;
        java.util.Arrays.fill(child, 8 * c, 8 * c + 8, EMPTY);
        geometry[4 * c] = x;
        geometry[4 * c + 1] = y;
        geometry[4 * c + 2] = z;
        geometry[4 * c + 3] = half;
        return c;
    }

    private int octant(int cell, int body) {
        int o = 0;
        for (int d = 0; d < 3; d++) {
            if (pos[3 * body + d] >= geometry[4 * cell + d]) {
                o |= 1 << d;
            }
        }
        return o;
    }

    private void insert(int body) {
        int cell = 0;
        for (int depth = 0; ; depth++) {
            int slot = 8 * cell + octant(cell, body);
            int c = child[slot];
            if (c == EMPTY) {
                child[slot] = body;
                return;
            }
            if (c < EMPTY) {
                cell = -c - 2;
                continue;
            }
            if (depth == MAX_DEPTH) {
                throw new IllegalArgumentException("bodies " + c + " and " + body + " are at the same place");
            }
            // a body already there: split the octant into a cell and put that body into it
            int o = slot - 8 * cell;
            double h = geometry[4 * cell + 3] / 2;
            int k = newCell(geometry[4 * cell] + ((o & 1) != 0 ? h : -h),
                    geometry[4 * cell + 1] + ((o & 2) != 0 ? h : -h),
                    geometry[4 * cell + 2] + ((o & 4) != 0 ? h : -h), h);
            child[slot] = -k - 2;
            child[8 * k + octant(k, c)] = c;
            cell = k;
        }
    }

    private void summarize(int cell) {
        double m = 0;
        double x = 0;
        double y = 0;
        double z = 0;
        for (int o = 0; o < 8; o++) {
            int c = child[8 * cell + o];
            if (c == EMPTY) {
                continue;
            }
            double cm;
            double px;
            double py;
            double pz;
            if (c >= 0) {
                cm = mass[c];
                px = pos[3 * c];
                py = pos[3 * c + 1];
                pz = pos[3 * c + 2];
            } else {
                int k = -c - 2;
                summarize(k);
                cm = moment[4 * k];
                px = moment[4 * k + 1];
                py = moment[4 * k + 2];
                pz = moment[4 * k + 3];
            }
            m += cm;
            x += cm * px;
            y += cm * py;
            z += cm * pz;
        }
        moment[4 * cell] = m;
        moment[4 * cell + 1] = m > 0 ? x / m : geometry[4 * cell];
        moment[4 * cell + 2] = m > 0 ? y / m : geometry[4 * cell + 1];
        moment[4 * cell + 3] = m > 0 ? z / m : geometry[4 * cell + 2];
    }

    /**
     * The acceleration of body {@code i} into {@code out[0 ..< 3]}: a cell whose side over its distance is below
     * {@code theta} acts as one body at its centre of mass; {@code eps} softens close encounters.
     */
    void acceleration(int i, double theta, double eps, double[] out) {
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
        walk(0, i, theta * theta, eps * eps, out);
    }

    private void walk(int cell, int i, double theta2, double eps2, double[] out) {
        double x = pos[3 * i];
        double y = pos[3 * i + 1];
        double z = pos[3 * i + 2];
        for (int o = 0; o < 8; o++) {
            int c = child[8 * cell + o];
            if (c == EMPTY || c == i) {
                continue;
            }
            if (c >= 0) {
                add(mass[c], pos[3 * c] - x, pos[3 * c + 1] - y, pos[3 * c + 2] - z, eps2, out);
                continue;
            }
            int k = -c - 2;
            double dx = moment[4 * k + 1] - x;
            double dy = moment[4 * k + 2] - y;
            double dz = moment[4 * k + 3] - z;
            double d2 = dx * dx + dy * dy + dz * dz;
            double side = 2 * geometry[4 * k + 3];
            if (side * side < theta2 * d2) {
                add(moment[4 * k], dx, dy, dz, eps2, out);
            } else {
                walk(k, i, theta2, eps2, out);
            }
        }
    }

    /** The pull of mass {@code m} at offset (dx, dy, dz), softened. */
    static void add(double m, double dx, double dy, double dz, double eps2, double[] out) {
        double r2 = dx * dx + dy * dy + dz * dz + eps2;
        double f = m / (r2 * Math.sqrt(r2));
        out[0] += f * dx;
        out[1] += f * dy;
        out[2] += f * dz;
    }
}
