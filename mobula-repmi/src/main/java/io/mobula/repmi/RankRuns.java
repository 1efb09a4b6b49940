package io.mobula.repmi;

/**
 * A list of pool ranks in increasing order, written as runs of consecutive ranks: {@code {first0, count0, first1,
 * count1, ...}}. The replicas are usually every rank of the pool but a few, so the list of a relay's subtree
 * ({@link OrderRelay}) takes a few ints however large it is.
 */
final class RankRuns {
    private RankRuns() {
    }

    /** The runs of {@code ranks[0..count)}, which increase. */
    static int[] of(int[] ranks, int count) {
        int runs = 0;
        for (int i = 0; i < count; i++) {
            if (i == 0 || ranks[i] != ranks[i - 1] + 1) {
                runs++;
            }
        }
        int[] out = new int[2 * runs];
        int r = -1;
        for (int i = 0; i < count; i++) {
            if (i == 0 || ranks[i] != ranks[i - 1] + 1) {
                r++;
                out[2 * r] = ranks[i];
            }
            out[2 * r + 1]++;
        }
        return out;
    }

    /** The number of ranks in {@code runs} (0 for null). */
    static int size(int[] runs) {
        if (runs == null) {
            return 0;
        }
        int n = 0;
        for (int i = 1; i < runs.length; i += 2) {
            n += runs[i];
        }
        return n;
    }

    /** The rank at index {@code i} of the list. */
    static int rank(int[] runs, int i) {
        for (int r = 0; r < runs.length; r += 2) {
            if (i < runs[r + 1]) {
                return runs[r] + i;
            }
            i -= runs[r + 1];
        }
        throw new IndexOutOfBoundsException(i);
    }

    /** The runs of the list's indexes {@code from} (inclusive) to {@code to} (exclusive). */
    static int[] slice(int[] runs, int from, int to) {
        int count = 0;
        int start = 0;
        for (int r = 0; r < runs.length; r += 2) {
            int lo = Math.max(from, start);
            int hi = Math.min(to, start + runs[r + 1]);
            if (lo < hi) {
                count++;
            }
            start += runs[r + 1];
        }
        int[] out = new int[2 * count];
        int k = 0;
        start = 0;
        for (int r = 0; r < runs.length; r += 2) {
            int lo = Math.max(from, start);
            int hi = Math.min(to, start + runs[r + 1]);
            if (lo < hi) {
                out[k++] = runs[r] + (lo - start);
                out[k++] = hi - lo;
            }
            start += runs[r + 1];
        }
        return out;
    }

    /**
     * Whether {@code runs}, from the network, is a list this code wrote for a pool of {@code poolSize}: pairs of a
     * first rank and a positive count, increasing, every rank in the pool (so it names each rank at most once and
     * relaying it is bounded by the pool's size). Null (nothing to relay) is valid.
     */
    static boolean valid(int[] runs, int poolSize) {
        if (runs == null) {
            return true;
        }
        if (runs.length % 2 != 0 || runs.length > 2 * poolSize) {
            return false;
        }
        long next = 0;
        for (int r = 0; r < runs.length; r += 2) {
            int first = runs[r];
            int count = runs[r + 1];
            if (first < next || count <= 0 || (long) first + count > poolSize) {
                return false;
            }
            next = (long) first + count;
        }
        return true;
    }
}
