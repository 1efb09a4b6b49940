package io.mobula.repmi;

/**
 * The part of the relay tree a replica forwards an order to ({@link OrderRelay}), as it travels with the order: a
 * range of the tree's positions and the replicas in it that get the order.
 *
 * <pre>
 *   0        1        2         3         4         5
 *  +--------+--------+---------+---------+---------+---------+----
 *  | root   | size   | first0  | count0  | first1  | count1  | ...
 *  +--------+--------+---------+---------+---------+---------+----
 * </pre>
 *
 * <ul>
 *   <li>{@code root}: the pool rank at position 0 of the range. Position {@code p} is pool rank
 *       {@code (root + p) mod poolSize}: the tree is drawn over the pool's ranks, rotated to the sequencer, so it stays
 *       put while processes join the replicas or leave them (a replica's parent is the nearest replica above it in
 *       the one binomial tree of the pool, whoever else is a replica).</li>
 *   <li>{@code size}: the positions of the range, {@code 0} to {@code size - 1}; a binomial subtree, so the tree over
 *       it is the same tree, re-based ({@link io.mobula.pool.BinomialTree#subtreeEnd}).</li>
 *   <li>runs of positions, {@code (first, count)}, increasing: the replicas in the range that get the order. The first
 *       is the receiver's own: it stands in for every position above it in the range that is no replica.</li>
 * </ul>
 *
 * <p>A range with every rank a replica is one run, four ints however large it is. The sequencer's own range (the
 * whole pool, from its rank) lists the other replicas only: it stands at position 0.
 */
final class RelaySubtree {
    static final int ROOT = 0;
    static final int SIZE = 1;
    static final int RUNS = 2;

    private RelaySubtree() {
    }

    /**
     * The sequencer's range: the whole pool of {@code poolSize}, rooted at {@code self}, listing the ranks
     * {@code to[0..count)} (increasing, {@code self} not among them) by their positions.
     */
    static int[] whole(int self, int poolSize, int[] to, int count) {
        int split = 0; // to[split..] are above self: they come first, positions 1 on
        while (split < count && to[split] < self) {
            split++;
        }
        int runs = 0;
        int last = -2;
        for (int i = 0; i < count; i++) {
            int p = position(to[(split + i) % count], self, poolSize);
            if (p != last + 1) {
                runs++;
            }
            last = p;
        }
        int[] out = new int[RUNS + 2 * runs];
        out[ROOT] = self;
        out[SIZE] = poolSize;
        int at = RUNS - 2;
        last = -2;
        for (int i = 0; i < count; i++) {
            int p = position(to[(split + i) % count], self, poolSize);
            if (p != last + 1) {
                at += 2;
                out[at] = p;
            }
            out[at + 1]++;
            last = p;
        }
        return out;
    }

    private static int position(int rank, int root, int poolSize) {
        return rank >= root ? rank - root : rank - root + poolSize;
    }

    /** The pool rank at position {@code p} of the range rooted at {@code root}. */
    static int rank(int root, int p, int poolSize) {
        return (int) (((long) root + p) % poolSize);
    }

    /** The least position listed in {@code spec} that is at least {@code p}, or -1. */
    static int firstAtLeast(int[] spec, int p) {
        for (int r = RUNS; r < spec.length; r += 2) {
            int first = spec[r];
            int end = first + spec[r + 1];
            if (p < end) {
                return Math.max(p, first);
            }
        }
        return -1;
    }

    /**
     * The range of positions {@code from} (a listed one) to {@code to} (exclusive) of {@code spec}, rooted at position
     * {@code base <= from} ({@code root} is its pool rank): the positions listed in it, re-based; null if {@code from}
     * is the only one (a leaf, which relays to nobody).
     */
    static int[] sub(int[] spec, int root, int base, int from, int to) {
        int runs = 0;
        int listed = 0;
        for (int r = RUNS; r < spec.length; r += 2) {
            int lo = Math.max(from, spec[r]);
            int hi = Math.min(to, spec[r] + spec[r + 1]);
            if (lo < hi) {
                runs++;
                listed += hi - lo;
            }
        }
        if (listed <= 1) {
            return null;
        }
        int[] out = new int[RUNS + 2 * runs];
        out[ROOT] = root;
        out[SIZE] = to - base;
        int k = RUNS;
        for (int r = RUNS; r < spec.length; r += 2) {
            int lo = Math.max(from, spec[r]);
            int hi = Math.min(to, spec[r] + spec[r + 1]);
            if (lo < hi) {
                out[k++] = lo - base;
                out[k++] = hi - lo;
            }
        }
        return out;
    }

    /**
     * Whether {@code spec}, from the network, is a range this code wrote for a pool of {@code poolSize} and sent to
     * pool rank {@code self}: a root in the pool, a size within it, runs of positive counts that increase within the
     * range, the first position {@code self}'s (so relaying it is bounded by the pool's size, and names every rank at
     * most once). Null (nothing to relay) is valid.
     */
    static boolean valid(int[] spec, int poolSize, int self) {
        if (spec == null) {
            return true;
        }
        if (spec.length < RUNS + 2 || spec.length % 2 != 0 || spec.length > RUNS + 2L * poolSize) {
            return false;
        }
        int root = spec[ROOT];
        int size = spec[SIZE];
        if (root < 0 || root >= poolSize || size < 1 || size > poolSize) {
            return false;
        }
        long next = 0;
        for (int r = RUNS; r < spec.length; r += 2) {
            int first = spec[r];
            int count = spec[r + 1];
            if (first < next || count <= 0 || (long) first + count > size) {
                return false;
            }
            next = (long) first + count;
        }
        return rank(root, spec[RUNS], poolSize) == self;
    }
}
