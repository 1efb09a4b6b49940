package io.mobula.apps.barnes;

import java.util.Arrays;

/**
 * The octree of Barnes-Hut: cells split into eight octants until each holds at most one body, each cell with its
 * total mass and centre of mass. A cell exists exactly where its region holds at least two bodies, so the tree is
 * the same for the same positions and root whatever the order of insertion, and so are its sums: a cell's moment
 * adds its octants in octant order.
 *
 * <p>The sequential kernel builds the tree of all bodies ({@link #Octree(double[], double[])}). A rank of the
 * parallel versions builds a locally essential tree (thesis 2.5.3, after Warren and Salmon): the same root, its own
 * bodies, the bodies other ranks sent it and the cells they sent closed ({@link #pin}), each a cell of the whole
 * tree with its moment, which no walk from this rank's bodies opens. Where the walks go it is the whole tree, cell
 * for cell, so a body's acceleration is the same computation, bit for bit.
 *
 * <p>A child entry is -1 (empty), a body index (>= 0) or {@code -(cell + 2)}.
 */
final class Octree {
    /** Levels of a body's key ({@link #key}): 3 bits each, 60 in all. */
    static final int KEY_DEPTH = 20;
    /** One more than the largest key. */
    static final long KEY_END = 1L << (3 * KEY_DEPTH);
    static final int MAX_DEPTH = 60;
    private static final int EMPTY = -1;

    private int[] child;
    private double[] geometry; // per cell: centre x, y, z, half the side
    private double[] moment; // per cell: mass, centre of mass x, y, z
    private boolean[] pinned; // per cell: sent closed by another rank, its moment given
    private int cells;
    private final double[] pos;
    private final double[] mass;

    /** The tree of the bodies at {@code pos} (x, y, z per body) with masses {@code mass}. */
    Octree(double[] pos, double[] mass) {
        this(root(bounds(pos, mass.length)), pos, mass, mass.length);
        summarize();
    }

    /**
     * The tree of bodies {@code 0 ..< bodies} under the root {@code root} ({@link #root}); more may be inserted or
     * pinned before {@link #summarize}.
     */
    Octree(double[] root, double[] pos, double[] mass, int bodies) {
        this.pos = pos;
        this.mass = mass;
        int capacity = Math.max(16, 2 * bodies);
        child = new int[8 * capacity];
        geometry = new double[4 * capacity];
        moment = new double[4 * capacity];
        pinned = new boolean[capacity];
        newCell(root[0], root[1], root[2], root[3]);
        for (int i = 0; i < bodies; i++) {
            insert(i);
        }
    }

    /**
     * The bounding box of bodies {@code 0 ..< n}: min x, y, z, then max x, y, z (the extreme doubles, inverted, when
     * none).
     */
    static double[] bounds(double[] pos, int n) {
        double[] b = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE,
                -Double.MAX_VALUE};
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                b[d] = Math.min(b[d], pos[3 * i + d]);
                b[3 + d] = Math.max(b[3 + d], pos[3 * i + d]);
            }
        }
        return b;
    }

    /** Merges bounding box {@code b} into {@code into} (min and max do not depend on the order). */
    static void merge(double[] into, double[] b) {
        for (int d = 0; d < 3; d++) {
            into[d] = Math.min(into[d], b[d]);
            into[3 + d] = Math.max(into[3 + d], b[3 + d]);
        }
    }

    /** The root cell of the bodies in bounding box {@code b}: centre x, y, z and half the side. */
    static double[] root(double[] b) {
        double half = 0;
        for (int d = 0; d < 3; d++) {
            half = Math.max(half, (b[3 + d] - b[d]) / 2);
        }
        half = half * 1.001 + 1e-9;
        return new double[] {(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2, half};
    }

    /**
     * The key of the point (x, y, z) under {@code root}: its octants at the first {@link #KEY_DEPTH} levels, the
     * first in the highest bits, each found as the tree finds it, so a cell at depth d holds exactly the bodies whose
     * key starts with its path (Morton order).
     */
    static long key(double[] root, double x, double y, double z) {
        double cx = root[0];
        double cy = root[1];
        double cz = root[2];
        double half = root[3];
        long key = 0;
        for (int level = 0; level < KEY_DEPTH; level++) {
            int o = (x >= cx ? 1 : 0) | (y >= cy ? 2 : 0) | (z >= cz ? 4 : 0);
            key = key << 3 | o;
            double h = half / 2;
            cx += (o & 1) != 0 ? h : -h;
            cy += (o & 2) != 0 ? h : -h;
            cz += (o & 4) != 0 ? h : -h;
            half = h;
        }
        return key;
    }

    private int newCell(double x, double y, double z, double half) {
        if (cells * 8 == child.length) {
            child = Arrays.copyOf(child, child.length * 2);
            geometry = Arrays.copyOf(geometry, geometry.length * 2);
            moment = Arrays.copyOf(moment, moment.length * 2);
            pinned = Arrays.copyOf(pinned, pinned.length * 2);
        }
        int c = cells++;
        Arrays.fill(child, 8 * c, 8 * c + 8, EMPTY);
        geometry[4 * c] = x;
        geometry[4 * c + 1] = y;
        geometry[4 * c + 2] = z;
        geometry[4 * c + 3] = half;
        return c;
    }

    /** A new cell for octant {@code o} of {@code cell}, linked into it. */
    private int split(int cell, int o) {
        double h = geometry[4 * cell + 3] / 2;
        int k = newCell(geometry[4 * cell] + ((o & 1) != 0 ? h : -h),
                geometry[4 * cell + 1] + ((o & 2) != 0 ? h : -h),
                geometry[4 * cell + 2] + ((o & 4) != 0 ? h : -h), h);
        child[8 * cell + o] = -k - 2;
        return k;
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

    /** Inserts body {@code body}. */
    void insert(int body) {
        int cell = 0;
        for (int depth = 0; ; depth++) {
            int o = octant(cell, body);
            int c = child[8 * cell + o];
            if (c == EMPTY) {
                child[8 * cell + o] = body;
                return;
            }
            if (c < EMPTY) {
                cell = -c - 2;
                if (pinned[cell]) {
                    throw new IllegalStateException("body " + body + " lies in a cell another rank sent closed");
                }
                continue;
            }
            if (depth == MAX_DEPTH) {
                throw new IllegalArgumentException("bodies " + c + " and " + body + " are at the same place");
            }
            // a body already there: split the octant into a cell and put that body into it
            int k = split(cell, o);
            child[8 * k + octant(k, c)] = c;
            cell = k;
        }
    }

    /**
     * Inserts a closed cell at {@code path[from ..< from + depth]} (octants from the root, depth 1 to
     * {@link #MAX_DEPTH}) with mass {@code m} and centre of mass (x, y, z): the cells on its way are made as bodies'
     * insertions make them.
     */
    void pin(byte[] path, int from, int depth, double m, double x, double y, double z) {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("a closed cell at depth " + depth);
        }
        int cell = 0;
        for (int level = 0; level < depth; level++) {
            int o = path[from + level];
            int c = child[8 * cell + o];
            if (level == depth - 1) {
                if (c != EMPTY) {
                    throw new IllegalStateException("a closed cell at depth " + depth + " where the tree has "
                            + (c >= 0 ? "body " + c : "a cell"));
                }
                int k = split(cell, o);
                pinned[k] = true;
                moment[4 * k] = m;
                moment[4 * k + 1] = x;
                moment[4 * k + 2] = y;
                moment[4 * k + 3] = z;
                return;
            }
            if (c == EMPTY) {
                cell = split(cell, o);
            } else if (c >= 0) {
                int k = split(cell, o);
                child[8 * k + octant(k, c)] = c;
                cell = k;
            } else {
                cell = -c - 2;
                if (pinned[cell]) {
                    throw new IllegalStateException("a closed cell inside another at depth " + level);
                }
            }
        }
    }

    /** Computes the moment of every cell not pinned, once every body and closed cell is in. */
    void summarize() {
        summarize(0);
    }

    private void summarize(int cell) {
        if (pinned[cell]) {
            return;
        }
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

    /** The entry of octant {@code o} of {@code cell}: -1 empty, a body (>= 0) or {@code -(cell + 2)}. */
    int child(int cell, int o) {
        return child[8 * cell + o];
    }

    /** Component {@code j} of the moment of {@code cell}: mass, centre of mass x, y, z. */
    double moment(int cell, int j) {
        return moment[4 * cell + j];
    }

    /**
     * Whether {@code cell} is closed for every point in the boxes {@code boxes} (six values each, {@link #bounds}
     * layout).
     */
    boolean closedFor(int cell, double theta, double[] boxes) {
        double side = 2 * geometry[4 * cell + 3];
        for (int b = 0; b < boxes.length; b += 6) {
            // every body's offset in the box is at least as long, component by component, as the one computed
            // here, and rounding keeps that order, so no walk from the box opens a cell this test closes
            double dx = gap(moment[4 * cell + 1], boxes[b], boxes[b + 3]);
            double dy = gap(moment[4 * cell + 2], boxes[b + 1], boxes[b + 4]);
            double dz = gap(moment[4 * cell + 3], boxes[b + 2], boxes[b + 5]);
            double d2 = dx * dx + dy * dy + dz * dz;
            if (!(side * side < theta * theta * d2)) {
                return false;
            }
        }
        return true;
    }

    private static double gap(double c, double lo, double hi) {
        return c > hi ? c - hi : c < lo ? c - lo : 0;
    }

    /**
     * The acceleration of body {@code i} into {@code out[0 ..< 3]}: a cell whose side over its distance is below
     * {@code theta} acts as one body at its centre of mass; {@code eps} softens close encounters. Returns the number
     * of interactions (bodies and cells that pulled).
     */
    int acceleration(int i, double theta, double eps, double[] out) {
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
        return walk(0, i, theta * theta, eps * eps, out);
    }

    private int walk(int cell, int i, double theta2, double eps2, double[] out) {
        double x = pos[3 * i];
        double y = pos[3 * i + 1];
        double z = pos[3 * i + 2];
        int count = 0;
        for (int o = 0; o < 8; o++) {
            int c = child[8 * cell + o];
            if (c == EMPTY || c == i) {
                continue;
            }
            if (c >= 0) {
                add(mass[c], pos[3 * c] - x, pos[3 * c + 1] - y, pos[3 * c + 2] - z, eps2, out);
                count++;
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
                count++;
            } else if (pinned[k]) {
                throw new IllegalStateException("body " + i + " opens a cell another rank sent closed: the locally"
                        + " essential tree is incomplete");
            } else {
                count += walk(k, i, theta2, eps2, out);
            }
        }
        return count;
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
