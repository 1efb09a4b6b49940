package io.mobula.pool;

/**
 * Positions in a binomial tree over {@code n} positions rooted at position 0, as MPI's binomial broadcast and reduce
 * use (thesis 5.4.1): position {@code p}'s parent is {@code p} without its lowest set bit; its children are
 * {@code p + 2^k} for the powers of two below its lowest set bit (all of them for the root). Reduces walk it bottom-up
 * (children combined in increasing distance), broadcasts top-down (farthest child first, so the large subtrees start
 * early). It has {@code ceil(log2 n)} levels.
 *
 * <p>Shared by the layers that relay along such a tree: GMI's broadcasts, reduces and combined invocations, and
 * RepMI's relay of the sequencer's orders (docs/GMI.md, docs/REPMI.md). A binomial subtree is a contiguous run of the
 * tree's positions ({@link #subtreeEnd}), so a relay can hand a child its subtree as a range.
 */
public final class BinomialTree {
    private BinomialTree() {
    }

    /** The parent of position {@code p} (p > 0). */
    public static int parent(int p) {
        return p & (p - 1);
    }

    /** The lowest power of two at which {@code p} stops having children: its lowest set bit, or n's span for 0. */
    private static int span(int p, int n) {
        if (p != 0) {
            return Integer.lowestOneBit(p);
        }
        int s = 1;
        while (s < n) {
            s <<= 1;
        }
        return s;
    }

    /**
     * The end (exclusive) of the subtree of position {@code c > 0} in a tree of {@code n}: its descendants are the
     * contiguous positions {@code c} to {@code end - 1}, and the tree over them, re-based so that {@code c} is position
     * 0, is the same tree (a relay sends a child only these ranks).
     */
    public static int subtreeEnd(int c, int n) {
        return (int) Math.min(n, (long) c + Integer.lowestOneBit(c));
    }

    /** The children of position {@code p} in a tree of {@code n}, nearest first. */
    public static int[] children(int p, int n) {
        int span = span(p, n);
        int count = 0;
        for (int m = 1; m < span && p + m < n; m <<= 1) {
            count++;
        }
        int[] c = new int[count];
        int i = 0;
        for (int m = 1; m < span && p + m < n; m <<= 1) {
            c[i++] = p + m;
        }
        return c;
    }
}
