package io.mobula.bench.ranks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimedWarmUpTest {

    @Test
    void addsWhatTheMeasuredRateNeedsToReachTheMinimum() {
        TimedWarmUp w = new TimedWarmUp(2000);
        // 20000 operations took 0.2 s (10 µs each): 1.8 s more is 180000 operations
        assertEquals(180_000, w.extra(20_000, 200_000_000L));
        // the count alone took longer than the minimum: nothing to add
        assertEquals(0, w.extra(20_000, 3_000_000_000L));
    }

    @Test
    void addsNothingWithoutAMinimumOrWithoutACount() {
        assertEquals(0, new TimedWarmUp(0).extra(20_000, 1_000L));
        assertEquals(0, new TimedWarmUp(2000).extra(0, 0L));
    }

    @Test
    void neverAddsMoreThanTheCap() {
        assertEquals(TimedWarmUp.MAX_EXTRA, new TimedWarmUp(60_000).extra(1000, 1000L));
    }
}
