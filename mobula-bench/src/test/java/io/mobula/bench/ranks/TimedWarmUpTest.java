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
        // a throughput case gets the time alone here (its count comes next, payloadExtra)
        assertEquals(0, w.extra(20_000, 2_000_000_000L, false));
        // the counted operations alone took longer than the cap: nothing to add
        assertEquals(0, w.extra(20_000, 16_000_000_000L, true));
    }

    @Test
    void aPayloadCaseCountsItsOperationsInRoundsAtTheRateOfTheLatestSamples() {
        TimedWarmUp w = new TimedWarmUp(2000);
        // 303 samples of 16 writes took 2 s, the latest 300 of them 1.5 s (5 ms a sample): 947 samples are missing
        // from 20000 writes; one round is what takes 1 s at that rate, 200 samples
        assertEquals(200, w.payloadRound(303, 16, 300, 1_500_000_000L, 2_000_000_000L));
        // the next round ran at 1 ms a sample: all the 747 missing fit in a second
        assertEquals(747, w.payloadRound(503, 16, 200, 200_000_000L, 3_000_000_000L));
        // the count reached: the warm-up is over
        assertEquals(0, w.payloadRound(1250, 16, 747, 747_000_000L, 4_000_000_000L));
        // a slow case meets the cap: 14.5 s of warm-up in all, 0.1 s a sample, 5 more
        assertEquals(5, w.payloadRound(100, 16, 10, 1_000_000_000L, 14_500_000_000L));
        assertEquals(0, w.payloadRound(105, 16, 5, 500_000_000L, 15_000_000_000L));
        // a round is at least one sample, however slow
        assertEquals(1, w.payloadRound(3, 16, 3, 6_000_000_000L, 6_000_000_000L));
        // a minimum of 50 ms caps the count at 0.5 s of warm-up: 0.4 s gone at 10 ms a sample leaves 10 samples
        assertEquals(10, new TimedWarmUp(50).payloadRound(40, 16, 40, 400_000_000L, 400_000_000L));
        // no minimum time, or nothing counted: nothing
        assertEquals(0, new TimedWarmUp(0).payloadRound(3, 16, 3, 1_000L, 1_000L));
        assertEquals(0, w.payloadRound(0, 16, 0, 0L, 0L));
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
