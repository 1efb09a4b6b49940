package io.mobula.apps.barnes;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import java.util.Arrays;

/**
 * One rank of the parallel Barnes-Hut with locally essential trees (thesis 2.5.3: Blackston and Suel's code, which
 * sends every rank what its force computation needs in one communication phase before it starts; the trees are
 * Warren and Salmon's). Each rank owns the bodies of a stretch of the Morton curve ({@link Zones}). Per step, five
 * exchanges, each one message from every rank to every other:
 * <ol>
 * <li>the bounding boxes of the ranks' bodies, so every rank knows the whole tree's root;</li>
 * <li>samples of the bodies' keys weighted by their last step's interactions, from which every rank computes the
 * same new split;</li>
 * <li>the bodies whose keys left a rank's stretch, to their new owners;</li>
 * <li>the bounding boxes of the ranks' bodies again, now that they own them, one per cell of the tree's second
 * level that holds some ({@link #boxes});</li>
 * <li>the locally essential cells and bodies for each receiver's box ({@link Essentials}).</li>
 * </ol>
 * Then every rank builds its locally essential tree, computes the accelerations of its bodies and moves them.
 */
final class BarnesRanks {
    /** The exchanges of one step. */
    static final int PHASES = 5;
    /** The depth of the cells whose parts of a rank's bodies are boxed separately ({@link #boxes}). */
    static final int BOX_DEPTH = 2;
    private static final long[] NO_LONGS = {};
    private static final byte[] NO_BYTES = {};

    /** How a version exchanges messages. */
    interface Exchange {
        /**
         * Sends {@code out[r]} to every other rank r in exchange {@code phase} of step {@code step}, and returns what
         * every other rank sent this one (null at this rank's own place).
         */
        Parcel[] exchange(int step, int phase, Parcel[] out) throws Exception;
    }

    /**
     * One message between two ranks.
     *
     * @param longs keys or body indices
     * @param doubles positions, velocities, weights, moments or boxes
     * @param bytes the tags of essential cells
     */
    record Parcel(long[] longs, double[] doubles, byte[] bytes) {
        /** The bytes of data it carries. */
        long size() {
            return 8L * longs.length + 8L * doubles.length + bytes.length;
        }
    }

    private final Barnes.Problem problem;
    private final int rank;
    private final int size;
    private int count; // bodies owned
    private int[] index;
    private double[] pos;
    private double[] vel;
    private double[] weight; // interactions in the last step, plus one
    private long[] keys;
    private long bytesSent;

    /**
     * Rank {@code rank} of {@code size}. The input is on every rank, so each starts with its share of the bodies
     * in key order, as the first step's split would give it.
     */
    BarnesRanks(Barnes.Problem problem, int rank, int size) {
        this.problem = problem;
        this.rank = rank;
        this.size = size;
        int n = problem.bodies();
        double[] root = Octree.root(Octree.bounds(problem.position(), n));
        long[] all = new long[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            double[] p = problem.position();
            all[i] = Octree.key(root, p[3 * i], p[3 * i + 1], p[3 * i + 2]);
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> all[a] != all[b] ? Long.compare(all[a], all[b]) : Integer.compare(a, b));
        int lo = Barnes.lo(n, size, rank);
        count = Barnes.lo(n, size, rank + 1) - lo;
        index = new int[count];
        weight = new double[count];
        pos = new double[3 * count];
        vel = new double[3 * count];
        for (int j = 0; j < count; j++) {
            int i = order[lo + j];
            index[j] = i;
            weight[j] = 1;
            System.arraycopy(problem.position(), 3 * i, pos, 3 * j, 3);
            System.arraycopy(problem.velocity(), 3 * i, vel, 3 * j, 3);
        }
    }

    /** This rank's share of a run; returns its part ({@link #part}). */
    static double[] run(RankContext<Barnes.Problem> ctx, Exchange exchange) throws Exception {
        BarnesRanks me = new BarnesRanks(ctx.problem(), ctx.rank(), ctx.size());
        ctx.startPhase();
        for (int s = 0; s < ctx.problem().steps(); s++) {
            me.step(s, exchange);
        }
        ctx.endPhase();
        return Faults.corrupt(ctx, me.part());
    }

    /** The bytes of data this rank has sent so far. */
    long bytesSent() {
        return bytesSent;
    }

    /** The bodies this rank owns: positions (3 per body), velocities (3 per body), then their indices. */
    double[] part() {
        double[] part = new double[7 * count];
        System.arraycopy(pos, 0, part, 0, 3 * count);
        System.arraycopy(vel, 0, part, 3 * count, 3 * count);
        for (int i = 0; i < count; i++) {
            part[6 * count + i] = index[i];
        }
        return part;
    }

    /** One time step. */
    void step(int step, Exchange exchange) throws Exception {
        double[] whole = Octree.bounds(pos, count);
        Parcel[] in = send(exchange, step, 0, everyone(new Parcel(NO_LONGS, whole.clone(), NO_BYTES)));
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                Octree.merge(whole, box(in[r], r));
            }
        }
        double[] root = Octree.root(whole);
        sortByKey(root);

        long[] firstKeys = new long[Zones.SAMPLES];
        double[] runWeights = new double[Zones.SAMPLES];
        int runs = Zones.sample(keys, weight, count, firstKeys, runWeights);
        long[][] sampleKeys = new long[size][];
        double[][] sampleWeights = new double[size][];
        sampleKeys[rank] = Arrays.copyOf(firstKeys, runs);
        sampleWeights[rank] = Arrays.copyOf(runWeights, runs);
        in = send(exchange, step, 1, everyone(new Parcel(sampleKeys[rank], sampleWeights[rank], NO_BYTES)));
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                sampleKeys[r] = in[r].longs();
                sampleWeights[r] = in[r].doubles();
            }
        }
        long[] bounds = Zones.bounds(sampleKeys, sampleWeights, size);

        migrate(step, exchange, bounds);
        for (int i = 0; i < count; i++) {
            keys[i] = Octree.key(root, pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
        }

        in = send(exchange, step, 3, everyone(new Parcel(NO_LONGS, boxes(), NO_BYTES)));
        double[][] boxes = new double[size][];
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                boxes[r] = in[r].doubles();
                if (boxes[r].length % 6 != 0 || boxes[r].length > 6 << (3 * BOX_DEPTH)) {
                    throw new IllegalArgumentException("rank " + r + " sent boxes of " + boxes[r].length + " values");
                }
            }
        }

        double[] mass = new double[count];
        for (int i = 0; i < count; i++) {
            mass[i] = problem.mass()[index[i]];
        }
        Octree own = new Octree(root, pos, mass, count);
        own.summarize();
        int[] depths = new int[Zones.maxRoots()];
        long[] paths = new long[Zones.maxRoots()];
        int roots = Zones.roots(bounds[rank], bounds[rank + 1], depths, paths);
        Parcel[] out = new Parcel[size];
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                Essentials.Writer w = new Essentials.Writer();
                Essentials.write(own, pos, mass, keys, depths, paths, roots, boxes[r], w);
                out[r] = new Parcel(NO_LONGS, w.values(), w.tags());
            }
        }
        in = send(exchange, step, 4, out);
        Essentials.Received received = new Essentials.Received();
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                int n = Zones.roots(bounds[r], bounds[r + 1], depths, paths);
                received.read(in[r].bytes(), in[r].doubles(), depths, paths, n);
            }
        }
        forces(root, mass, received);
    }

    /** Builds the locally essential tree, and moves this rank's bodies by a leapfrog step. */
    private void forces(double[] root, double[] mass, Essentials.Received received) {
        int total = count + received.bodies();
        double[] allPos = Arrays.copyOf(pos, 3 * total);
        double[] allMass = Arrays.copyOf(mass, total);
        received.copyBodies(allPos, allMass, count);
        Octree tree = new Octree(root, allPos, allMass, total);
        received.pinCells(tree);
        tree.summarize();
        double[] a = new double[3];
        for (int i = 0; i < count; i++) {
            weight[i] = tree.acceleration(i, Barnes.THETA, Barnes.EPS, a) + 1;
            for (int d = 0; d < 3; d++) {
                double v = vel[3 * i + d] + Barnes.DT * a[d];
                vel[3 * i + d] = v;
                pos[3 * i + d] = pos[3 * i + d] + Barnes.DT * v;
            }
        }
    }

    /** Sends every body whose key another rank now owns to that rank, and takes in the bodies sent here. */
    private void migrate(int step, Exchange exchange, long[] bounds) throws Exception {
        // the bodies are in key order, so each rank's are a run
        int[] from = new int[size + 1];
        for (int r = 0, i = 0; r < size; r++) {
            while (i < count && keys[i] < bounds[r]) {
                i++;
            }
            from[r] = i;
        }
        from[size] = count;
        Parcel[] out = new Parcel[size];
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                int k = from[r + 1] - from[r];
                long[] ids = new long[k];
                double[] bodies = new double[7 * k];
                for (int j = 0; j < k; j++) {
                    int i = from[r] + j;
                    ids[j] = index[i];
                    System.arraycopy(pos, 3 * i, bodies, 7 * j, 3);
                    System.arraycopy(vel, 3 * i, bodies, 7 * j + 3, 3);
                    bodies[7 * j + 6] = weight[i];
                }
                out[r] = new Parcel(ids, bodies, NO_BYTES);
            }
        }
        Parcel[] in = send(exchange, step, 2, out);
        int kept = from[rank + 1] - from[rank];
        int total = kept;
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                if (in[r].doubles().length != 7 * in[r].longs().length) {
                    throw new IllegalArgumentException("rank " + r + " sent " + in[r].longs().length + " bodies with "
                            + in[r].doubles().length + " values");
                }
                total += in[r].longs().length;
            }
        }
        int[] newIndex = new int[total];
        double[] newPos = new double[3 * total];
        double[] newVel = new double[3 * total];
        double[] newWeight = new double[total];
        System.arraycopy(index, from[rank], newIndex, 0, kept);
        System.arraycopy(pos, 3 * from[rank], newPos, 0, 3 * kept);
        System.arraycopy(vel, 3 * from[rank], newVel, 0, 3 * kept);
        System.arraycopy(weight, from[rank], newWeight, 0, kept);
        int at = kept;
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                long[] ids = in[r].longs();
                double[] bodies = in[r].doubles();
                for (int j = 0; j < ids.length; j++, at++) {
                    if (ids[j] < 0 || ids[j] >= problem.bodies()) {
                        throw new IllegalArgumentException("rank " + r + " sent body " + ids[j]);
                    }
                    newIndex[at] = (int) ids[j];
                    System.arraycopy(bodies, 7 * j, newPos, 3 * at, 3);
                    System.arraycopy(bodies, 7 * j + 3, newVel, 3 * at, 3);
                    newWeight[at] = bodies[7 * j + 6];
                }
            }
        }
        count = total;
        index = newIndex;
        pos = newPos;
        vel = newVel;
        weight = newWeight;
        keys = new long[total];
    }

    /** Sorts this rank's bodies by their keys under {@code root}, into {@link #keys}. */
    private void sortByKey(double[] root) {
        long[] k = new long[count];
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            k[i] = Octree.key(root, pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> k[a] != k[b] ? Long.compare(k[a], k[b]) : Integer.compare(a, b));
        int[] newIndex = new int[count];
        double[] newPos = new double[3 * count];
        double[] newVel = new double[3 * count];
        double[] newWeight = new double[count];
        keys = new long[count];
        for (int j = 0; j < count; j++) {
            int i = order[j];
            newIndex[j] = index[i];
            System.arraycopy(pos, 3 * i, newPos, 3 * j, 3);
            System.arraycopy(vel, 3 * i, newVel, 3 * j, 3);
            newWeight[j] = weight[i];
            keys[j] = k[i];
        }
        index = newIndex;
        pos = newPos;
        vel = newVel;
        weight = newWeight;
    }

    /**
     * The bounding boxes of this rank's bodies in each cell at depth {@link #BOX_DEPTH} that holds some, six values
     * each: a stretch of the curve may cover cells far apart, which one box would join.
     */
    double[] boxes() {
        int cells = 1 << (3 * BOX_DEPTH);
        double[] all = new double[6 * cells];
        boolean[] used = new boolean[cells];
        int shift = 3 * (Octree.KEY_DEPTH - BOX_DEPTH);
        for (int i = 0; i < count; i++) {
            int c = (int) (keys[i] >>> shift);
            for (int d = 0; d < 3; d++) {
                double x = pos[3 * i + d];
                all[6 * c + d] = used[c] ? Math.min(all[6 * c + d], x) : x;
                all[6 * c + 3 + d] = used[c] ? Math.max(all[6 * c + 3 + d], x) : x;
            }
            used[c] = true;
        }
        double[] boxes = new double[6 * cells];
        int n = 0;
        for (int c = 0; c < cells; c++) {
            if (used[c]) {
                System.arraycopy(all, 6 * c, boxes, 6 * n++, 6);
            }
        }
        return Arrays.copyOf(boxes, 6 * n);
    }

    private Parcel[] everyone(Parcel p) {
        Parcel[] out = new Parcel[size];
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                out[r] = p;
            }
        }
        return out;
    }

    private Parcel[] send(Exchange exchange, int step, int phase, Parcel[] out) throws Exception {
        for (int r = 0; r < size; r++) {
            if (r != rank) {
                bytesSent += out[r].size();
            }
        }
        return exchange.exchange(step, phase, out);
    }

    private static double[] box(Parcel p, int r) {
        if (p.doubles().length != 6) {
            throw new IllegalArgumentException("rank " + r + " sent a box of " + p.doubles().length + " values");
        }
        return p.doubles();
    }
}
