package io.mobula.apps.asp;

import java.util.SplittableRandom;

/**
 * All-pairs shortest paths by Floyd-Warshall (thesis 2.5.3): in iteration k every row i is relaxed through row k.
 * The parallel versions distribute the rows in blocks; the owner of row k sends it to every rank at the start of
 * iteration k. Integer arithmetic, so every version gives the sequential result bit for bit.
 */
public final class Asp {
    /** No edge: large enough to lose every comparison, small enough that two of them do not overflow. */
    public static final int INFINITE = Integer.MAX_VALUE / 4;

    private Asp() {
    }

    /** A directed graph of {@code n} nodes: an edge with probability 1/2, weights 1..1000, from {@code seed}. */
    public static int[][] graph(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[][] d = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                d[i][j] = i == j ? 0 : rnd.nextBoolean() ? 1 + rnd.nextInt(1000) : INFINITE;
            }
        }
        return d;
    }

    /** Relaxes {@code row} (some row i) through node k, whose row is {@code rowK}. */
    public static void relax(int[] row, int[] rowK, int k) {
        int dik = row[k];
        if (dik >= INFINITE) {
            return;
        }
        for (int j = 0; j < row.length; j++) {
            int via = dik + rowK[j];
            if (via < row[j]) {
                row[j] = via;
            }
        }
    }

    /** The sequential algorithm, in place. */
    public static int[][] solve(int[][] d) {
        for (int k = 0; k < d.length; k++) {
            int[] rowK = d[k];
            for (int[] row : d) {
                relax(row, rowK, k);
            }
        }
        return d;
    }

    /** First row of rank {@code r} of {@code size}: rank r owns rows {@code lo(r) ..< lo(r + 1)}. */
    public static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }

    /** The rank owning row {@code k}. */
    public static int owner(int n, int size, int k) {
        int r = (int) ((long) k * size / n);
        while (lo(n, size, r + 1) <= k) {
            r++;
        }
        while (lo(n, size, r) > k) {
            r--;
        }
        return r;
    }
}
