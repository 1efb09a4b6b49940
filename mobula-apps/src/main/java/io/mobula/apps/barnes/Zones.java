package io.mobula.apps.barnes;

import java.util.Arrays;

/**
 * The split of space among the ranks: rank r owns the bodies whose key ({@link Octree#key}) lies in
 * {@code [bounds[r], bounds[r + 1])}, a stretch of the Morton curve, so its bodies fill whole cells of the tree
 * (Warren and Salmon's space-filling-curve split). The bounds balance the work: each rank samples its bodies'
 * keys weighted by their interactions in the last step ({@link #sample}), and every rank cuts the same merged
 * samples into equal shares ({@link #bounds}), the costzones idea on the curve.
 */
final class Zones {
    /** Samples per rank. */
    static final int SAMPLES = 32;

    private Zones() {
    }

    /**
     * Samples of bodies with keys {@code keys} sorted ascending and weights {@code weights} in the same order: up
     * to {@link #SAMPLES} runs of about equal weight, each as its first key (into {@code firstKeys}) and its weight
     * (into {@code runWeights}); returns the number of runs.
     */
    static int sample(long[] keys, double[] weights, int n, long[] firstKeys, double[] runWeights) {
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += weights[i];
        }
        int runs = 0;
        double before = 0;
        for (int i = 0; i < n; i++) {
            if (runs == 0 || (runs < firstKeys.length && before >= total * runs / firstKeys.length)) {
                firstKeys[runs] = keys[i];
                runWeights[runs] = 0;
                runs++;
            }
            runWeights[runs - 1] += weights[i];
            before += weights[i];
        }
        return runs;
    }

    /**
     * The bounds of {@code size} ranks from every rank's samples ({@code keys[r]}, {@code weights[r]}): each rank
     * starts at the first run at or after its share of the total weight. The same samples give the same bounds on
     * every rank.
     */
    static long[] bounds(long[][] keys, double[][] weights, int size) {
        int count = 0;
        for (long[] k : keys) {
            count += k.length;
        }
        long[] allKeys = new long[count];
        double[] allWeights = new double[count];
        Integer[] order = new Integer[count];
        int at = 0;
        for (int r = 0; r < keys.length; r++) {
            if (keys[r].length != weights[r].length) {
                throw new IllegalArgumentException("rank " + r + " sent " + keys[r].length + " keys and "
                        + weights[r].length + " weights");
            }
            for (int j = 0; j < keys[r].length; j++) {
                if (keys[r][j] < 0 || keys[r][j] >= Octree.KEY_END || !(weights[r][j] >= 0)) {
                    throw new IllegalArgumentException("rank " + r + " sent a bad sample");
                }
                allKeys[at] = keys[r][j];
                allWeights[at] = weights[r][j];
                order[at] = at;
                at++;
            }
        }
        Arrays.sort(order, (a, b) -> allKeys[a] != allKeys[b] ? Long.compare(allKeys[a], allKeys[b])
                : Integer.compare(a, b));
        double total = 0;
        for (double w : allWeights) {
            total += w;
        }
        long[] bounds = new long[size + 1];
        bounds[size] = Octree.KEY_END;
        double before = 0;
        int next = 1;
        for (int j = 0; j < count && next < size; j++) {
            int s = order[j];
            while (next < size && before >= total * next / size) {
                bounds[next++] = allKeys[s];
            }
            before += allWeights[s];
        }
        while (next < size) {
            bounds[next++] = Octree.KEY_END;
        }
        return bounds;
    }

    /** The rank owning {@code key}. */
    static int owner(long[] bounds, long key) {
        int lo = 0;
        int hi = bounds.length - 2;
        while (lo < hi) { // the last r with bounds[r] <= key
            int mid = (lo + hi + 1) >>> 1;
            if (bounds[mid] <= key) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * The largest cells whose keys all lie in {@code [lo, hi)}, in key order: their depths into {@code depths} and
     * their paths (the key's first 3 x depth bits) into {@code paths}; returns how many. Every body a rank owns lies
     * in one of these cells of its own range, and each of them holds only bodies of that rank.
     */
    static int roots(long lo, long hi, int[] depths, long[] paths) {
        int count = 0;
        long at = lo;
        while (at < hi) {
            int free = Octree.KEY_DEPTH; // levels below the cell
            while (free > 0 && ((at & ((1L << (3 * free)) - 1)) != 0 || hi - at < 1L << (3 * free))) {
                free--;
            }
            depths[count] = Octree.KEY_DEPTH - free;
            paths[count] = at >>> (3 * free);
            count++;
            at += 1L << (3 * free);
        }
        return count;
    }

    /** An upper bound on the number of {@link #roots} of any range. */
    static int maxRoots() {
        return 2 * 7 * Octree.KEY_DEPTH + 1;
    }
}
