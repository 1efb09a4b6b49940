package io.mobula.apps.radix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The radix sort against Arrays.sort, and the position arithmetic the parallel version uses. */
class RadixTest {
    @Test
    void sortsLikeArraysSort() {
        for (int n : new int[] {0, 1, 2, 255, 256, 1000, 70_000}) {
            int[] keys = Radix.keys(n, n);
            int[] expected = keys.clone();
            Arrays.sort(expected);
            assertArrayEquals(expected, Radix.sort(keys), n + " keys");
        }
        int[] few = new SplittableRandom(5).ints(5000, 0, 7).toArray(); // many equal keys
        int[] expected = few.clone();
        Arrays.sort(expected);
        assertArrayEquals(expected, Radix.sort(few));
        int[] extremes = {Integer.MAX_VALUE, 0, 1 << 30, 255, 256, Integer.MAX_VALUE, 0};
        int[] sortedExtremes = extremes.clone();
        Arrays.sort(sortedExtremes);
        assertArrayEquals(sortedExtremes, Radix.sort(extremes));
    }

    @Test
    void sortLeavesItsInputAlone() {
        int[] keys = Radix.keys(300, 1);
        int[] copy = keys.clone();
        Radix.sort(keys);
        assertArrayEquals(copy, keys);
    }

    @Test
    void everyPositionIsFilledOnceByTheKeysSentToIt() {
        int n = 10_007;
        int[] keys = Radix.keys(n, 3);
        for (int size = 1; size <= 5; size++) {
            int[][] h = new int[size][];
            for (int r = 0; r < size; r++) {
                h[r] = Radix.histogram(Arrays.copyOfRange(keys, Radix.lo(n, size, r), Radix.lo(n, size, r + 1)), 1);
            }
            long[][] first = Radix.firstPositions(h);
            for (int dest = 0; dest < size; dest++) {
                long total = 0;
                for (int from = 0; from < size; from++) {
                    total += Radix.incoming(h, first, from, Radix.lo(n, size, dest), Radix.lo(n, size, dest + 1));
                }
                assertEquals(Radix.lo(n, size, dest + 1) - Radix.lo(n, size, dest), total, size + " ranks");
            }
            for (int i = 0; i < n; i++) {
                int r = Radix.owner(n, size, i);
                assertEquals(true, Radix.lo(n, size, r) <= i && i < Radix.lo(n, size, r + 1));
            }
        }
    }
}
