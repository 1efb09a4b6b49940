package io.mobula.apps.radix;

import java.util.SplittableRandom;

/**
 * Radix sort (thesis 2.5.3, the SPLASH-2 program): keys are sorted digit by digit, least significant first, each
 * pass a stable counting sort by one digit. The parallel version keeps the keys in blocks; in every pass each rank
 * makes a histogram of its keys' digits, the histograms are merged, and from them every rank computes where each of
 * its keys goes and sends it to the rank owning that position. Only positions are computed, never compared, so
 * every version gives the sequential array bit for bit.
 */
public final class Radix {
    /** Bits per digit. */
    public static final int BITS = 8;
    /** Values a digit takes. */
    public static final int BUCKETS = 1 << BITS;
    /** Keys are non-negative ints: 31 bits, so four passes. */
    public static final int PASSES = (31 + BITS - 1) / BITS;

    private Radix() {
    }

    /** {@code n} random non-negative keys from {@code seed}. */
    public static int[] keys(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            k[i] = rnd.nextInt() & Integer.MAX_VALUE;
        }
        return k;
    }

    /** The digit of {@code key} in {@code pass}. */
    public static int digit(int key, int pass) {
        return (key >>> (pass * BITS)) & (BUCKETS - 1);
    }

    /** How many of {@code keys} have each digit in {@code pass}. */
    public static int[] histogram(int[] keys, int pass) {
        int[] h = new int[BUCKETS];
        for (int k : keys) {
            h[digit(k, pass)]++;
        }
        return h;
    }

    /** The sequential algorithm: a sorted copy of {@code keys}. */
    public static int[] sort(int[] keys) {
        int[] a = keys.clone();
        int[] b = new int[a.length];
        for (int pass = 0; pass < PASSES; pass++) {
            int[] at = new int[BUCKETS];
            int[] h = histogram(a, pass);
            for (int d = 1; d < BUCKETS; d++) {
                at[d] = at[d - 1] + h[d - 1];
            }
            for (int k : a) {
                b[at[digit(k, pass)]++] = k;
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * Where the keys of each rank start in this pass's output, by digit: {@code first[d][r]} is the position of the
     * first key of rank r with digit d, given every rank's histogram {@code h[r]}. Keys with a smaller digit come
     * first, and among equal digits those of a lower rank, which keeps the pass stable.
     */
    public static long[][] firstPositions(int[][] h) {
        long[][] first = new long[BUCKETS][h.length];
        long at = 0;
        for (int d = 0; d < BUCKETS; d++) {
            for (int r = 0; r < h.length; r++) {
                first[d][r] = at;
                at += h[r][d];
            }
        }
        return first;
    }

    /** How many keys rank {@code from} sends to the block {@code lo ..< hi} in a pass with these first positions. */
    public static int incoming(int[][] h, long[][] first, int from, long lo, long hi) {
        long n = 0;
        for (int d = 0; d < BUCKETS; d++) {
            long s = first[d][from];
            long e = s + h[from][d];
            n += Math.max(0, Math.min(e, hi) - Math.max(s, lo));
        }
        return (int) n;
    }

    /** First position of rank {@code r} of {@code size}: rank r owns positions {@code lo(r) ..< lo(r + 1)}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }

    /** The rank owning position {@code i}. */
    public static int owner(int n, int size, int i) {
        int r = (int) ((long) i * size / n);
        while (lo(n, size, r + 1) <= i) {
            r++;
        }
        while (lo(n, size, r) > i) {
            r--;
        }
        return r;
    }
}
