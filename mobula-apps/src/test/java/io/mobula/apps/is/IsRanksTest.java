package io.mobula.apps.is;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How the parallel versions split the buckets among the ranks. */
class IsRanksTest {
    @Test
    void rangesEndWhereTheRunningTotalReachesEachRanksShare() {
        int[] totals = {10, 10, 10, 10, 0, 0};
        assertArrayEquals(new int[] {0, 2, 4}, IsRanks.split(totals, 4, 40, 2));
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, IsRanks.split(totals, 4, 40, 4));
        assertArrayEquals(new int[] {0, 4}, IsRanks.split(totals, 4, 40, 1));
    }

    @Test
    void aHugeBucketLeavesLaterRanksEmptyButEveryBucketOwned() {
        int[] totals = {0, 100, 0, 0};
        int[] first = IsRanks.split(totals, 4, 100, 3);
        assertEquals(0, first[0]);
        assertEquals(4, first[3]);
        for (int q = 0; q < 3; q++) {
            assertEquals(true, first[q] <= first[q + 1]);
        }
        assertArrayEquals(new int[] {0, 2, 2, 4}, first);
    }
}
