package io.mobula.bench.ranks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimedWarmUpTest {

    @Test
    void addsWhatTheMeasuredRateNeedsToReachTheMinimum() {
        TimedWarmUp w = new TimedWarmUp(2000);
        // 20000 operations took 0.1 s (5 µs each): 1.9 s more is 380000 operations
        assertEquals(380_000, w.extra(20_000, 100_000_000L, true));
        // the minimum operations reached and the time too: nothing to add
        assertEquals(0, w.extra(300_000, 3_000_000_000L, true));
    }

    @Test
    void runsTheMinimumOperationsEvenWhenTheTimeIsUp() {
        TimedWarmUp w = new TimedWarmUp(2000);
        // 20000 operations took 2 s (100 µs each, the slow state): the count still asks for 180000 more, 18 s at
        // that rate, so the cap of 15 s in all allows 130000
        assertEquals(130_000, w.extra(20_000, 2_000_000_000L, true));
        // 100000 operations took 2.1 s (21 µs each): the 100000 missing ones fit well within the cap
        assertEquals(100_000, w.extra(100_000, 2_100_000_000L, true));
        // a throughput case gets the time alone: 20000 operations that took 2 s are enough
        assertEquals(0, w.extra(20_000, 2_000_000_000L, false));
        // the counted operations alone took longer than the cap: nothing to add
        assertEquals(0, w.extra(20_000, 16_000_000_000L, true));
    }

    @Test
    void addsNothingWithoutAMinimumOrWithoutACount() {
        assertEquals(0, new TimedWarmUp(0).extra(20_000, 1_000L, true));
        assertEquals(0, new TimedWarmUp(2000).extra(0, 0L, true));
    }

    @Test
    void neverAddsMoreThanTheCap() {
        assertEquals(TimedWarmUp.MAX_EXTRA, new TimedWarmUp(60_000).extra(1000, 1000L, true));
    }
}
