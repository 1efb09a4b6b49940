package io.mobula.apps.is;

import io.mobula.apps.AppSettings;
import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;
import io.mobula.apps.npb.Exchange;
import io.mobula.apps.npb.PhaseMark;
import java.io.Serializable;

/**
 * What the parallel IS versions share, as the NPB MPI version does it: each rank generates its block of the key
 * sequence; each iteration counts its keys per bucket, a sum over the ranks gives the global bucket sizes (with the
 * partially verified keys hidden behind them), the buckets are split into ranges of about keys/P keys, an all-to-all
 * sends each key to the rank owning its bucket, and each rank ranks the keys of its range. The full verification
 * sorts each rank's keys after the last iteration; rank 0 checks the order across ranks. Public for the MPJ Express
 * version, a program compiled apart ({@code IsMpj.java}).
 */
public final class IsRanks {
    private IsRanks() {
    }

    /**
     * One rank's part of the verification.
     *
     * @param passed the partial tests this rank passed (each test key is checked by the rank whose range holds it)
     * @param first the global sorted position of this rank's first key
     * @param keys this rank's keys after the last iteration
     * @param min its smallest key (or Integer.MAX_VALUE if none)
     * @param max its largest key (or -1 if none)
     * @param inOrder whether its keys came out in order
     * @param hash the sum of {@link Is#hashTerm} over its sorted keys at their global positions
     */
    public record Part(int passed, long first, int keys, int min, int max, boolean inOrder, long hash)
            implements Serializable {
    }

    static int lo(int n, int size, int r) {
        return (int) ((long) r * n / size);
    }

    static Part run(RankContext<Is.Problem> ctx, Exchange ex) throws Exception {
        return run(ctx.problem(), ctx.rank(), ctx.size(), ctx.settings(), ex, ctx::startPhase, ctx::endPhase);
    }

    /**
     * Rank {@code me} of {@code size}'s part of problem {@code p}, its collectives through {@code ex}; the ten
     * iterations are the timed phase, marked by {@code start} and {@code end}.
     * {@code settings}: the run's ({@link AppSettings#corruptRank()} for tests).
     */
    public static Part run(Is.Problem p, int me, int size, AppSettings settings, Exchange ex, PhaseMark start,
            PhaseMark end) throws Exception {
        int lo = lo(p.keys(), size, me);
        int[] keys = Is.keys(p, lo, lo(p.keys(), size, me + 1));
        int buckets = 1 << p.log2Buckets();
        int shift = p.log2MaxKey() - p.log2Buckets();
        int tests = p.testIndex().length;
        int[] mine = null;
        int[] cum = null;
        long below = 0;
        int minKey = 0;
        int passed = 0;
        start.mark();
        for (int it = 1; it <= Is.ITERATIONS; it++) {
            Is.modify(p, keys, lo, it);
            int[] counts = new int[buckets + tests];
            for (int key : keys) {
                counts[key >>> shift]++;
            }
            for (int t = 0; t < tests; t++) { // the test keys ride along with the bucket sizes, as in NPB
                int i = p.testIndex()[t] - lo;
                if (i >= 0 && i < keys.length) {
                    counts[buckets + t] = keys[i];
                }
            }
            int[] totals = ex.sum(counts);
            int[] firstBucket = split(totals, buckets, p.keys(), size);
            int[][] pieces = bucketPieces(keys, shift, firstBucket, size);
            int[][] got = ex.allToAll(pieces);
            minKey = firstBucket[me] << shift;
            cum = new int[(firstBucket[me + 1] << shift) - minKey];
            int n = 0;
            for (int[] piece : got) {
                for (int key : piece) {
                    cum[key - minKey]++;
                }
                n += piece.length;
            }
            for (int v = 1; v < cum.length; v++) {
                cum[v] += cum[v - 1]; // cum[v]: own keys <= minKey + v
            }
            below = 0;
            for (int b = 0; b < firstBucket[me]; b++) {
                below += totals[b];
            }
            for (int t = 0; t < tests; t++) {
                int key = totals[buckets + t];
                if (key >= minKey && key < minKey + cum.length) {
                    long rank = below + (key > minKey ? cum[key - 1 - minKey] : 0);
                    if (Is.rankPasses(p, t, it, key, rank)) {
                        passed++;
                    }
                }
            }
            if (it == Is.ITERATIONS) {
                mine = new int[n];
                int at = 0;
                for (int[] piece : got) {
                    System.arraycopy(piece, 0, mine, at, piece.length);
                    at += piece.length;
                }
            }
        }
        end.mark();
        // full verification, outside the timed phase as in NPB: each key to the position its rank gives
        int[] sorted = new int[mine.length];
        for (int i = mine.length - 1; i >= 0; i--) {
            sorted[--cum[mine[i] - minKey]] = mine[i];
        }
        if (sorted.length > 0) {
            Faults.corrupt(settings, me, sorted);
        }
        boolean inOrder = true;
        long hash = 0;
        for (int i = 0; i < sorted.length; i++) {
            inOrder &= i == 0 || sorted[i - 1] <= sorted[i];
            hash += Is.hashTerm(below + i, sorted[i]);
        }
        return new Part(passed, below, sorted.length, sorted.length == 0 ? Integer.MAX_VALUE : sorted[0],
                sorted.length == 0 ? -1 : sorted[sorted.length - 1], inOrder, hash);
    }

    /**
     * The first bucket of each rank's range (size + 1 entries, the last = buckets): a rank's range ends at the
     * bucket where the running total first reaches its share of the keys; the last rank takes the rest.
     */
    static int[] split(int[] totals, int buckets, int keys, int size) {
        int[] first = new int[size + 1];
        int q = 0;
        long acc = 0;
        for (int b = 0; b < buckets; b++) {
            acc += totals[b];
            while (q < size - 1 && acc >= (long) (q + 1) * keys / size) {
                first[++q] = b + 1;
            }
        }
        while (q < size) {
            first[++q] = buckets;
        }
        return first;
    }

    /** The keys of each rank's bucket range. */
    private static int[][] bucketPieces(int[] keys, int shift, int[] firstBucket, int size) {
        int[] owner = new int[firstBucket[size]];
        for (int q = 0; q < size; q++) {
            for (int b = firstBucket[q]; b < firstBucket[q + 1]; b++) {
                owner[b] = q;
            }
        }
        int[] count = new int[size];
        for (int key : keys) {
            count[owner[key >>> shift]]++;
        }
        int[][] pieces = new int[size][];
        for (int q = 0; q < size; q++) {
            pieces[q] = new int[count[q]];
        }
        int[] at = new int[size];
        for (int key : keys) {
            int q = owner[key >>> shift];
            pieces[q][at[q]++] = key;
        }
        return pieces;
    }
}
