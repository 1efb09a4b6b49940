package io.mobula.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The flatness criterion catches growth and changed counts, and lets noise and warm-up through. */
class FlatnessTest {

    @Test
    void aSteadilyGrowingHeapIsNotFlat() {
        long[] heap = new long[40];
        for (int i = 0; i < heap.length; i++) {
            heap[i] = 20_000 + 1_000L * i; // a leak of 1 MiB per sample
        }
        Flatness f = Flatness.growthWithin("heap", heap, 0.10, 4096);
        assertFalse(f.flat(), f.toString());
        assertEquals(34_500, f.secondMedian());
        assertEquals(54_500, f.lastMedian());
    }

    @Test
    void noiseAndAWarmUpInTheFirstQuarterAreFlat() {
        long[] heap = new long[40];
        for (int i = 0; i < heap.length; i++) {
            heap[i] = i < 10 ? 1_000L * i : 50_000 + (i % 3) * 2_000; // warm-up, then noise of 4 MiB
        }
        assertTrue(Flatness.growthWithin("heap", heap, 0.10, 4096).flat());
        long[] shrinking = {90, 80, 70, 60, 50, 40, 30, 20};
        assertTrue(Flatness.growthWithin("rss", shrinking, 0.10, 0).flat(), "shrinking is no leak");
    }

    @Test
    void growthJustOverTheAllowanceIsNotFlat() {
        long[] at = {100, 100, 1000, 1000, 100, 100, 1104, 1104};
        long[] over = {100, 100, 1000, 1000, 100, 100, 1105, 1105};
        assertTrue(Flatness.growthWithin("x", at, 0.10, 4).flat());
        assertFalse(Flatness.growthWithin("x", over, 0.10, 4).flat());
    }

    @Test
    void countsMustNotRise() {
        long[] steady = {20, 25, 30, 30, 31, 30, 30, 30, 29, 30, 30, 30};
        assertTrue(Flatness.noGrowth("threads", steady).flat());
        long[] idledOut = {29, 30, 30, 30, 30, 30, 30, 30, 29, 29, 29, 29};
        assertTrue(Flatness.noGrowth("threads", idledOut).flat());
        long[] oneMore = {29, 30, 30, 30, 30, 30, 30, 30, 31, 31, 31, 31};
        assertFalse(Flatness.noGrowth("threads", oneMore).flat());
        long[] leaking = {20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
        Flatness f = Flatness.noGrowth("fds", leaking);
        assertFalse(f.flat(), f.toString());
        assertTrue(f.toString().startsWith("GROWING"), f.toString());
    }

    @Test
    void tooFewSamplesAreNeverFlat() {
        assertFalse(Flatness.noGrowth("threads", new long[] {1, 1, 1, 1, 1, 1, 1}).flat());
        assertFalse(Flatness.growthWithin("heap", new long[0], 0.10, 0).flat());
    }

    @Test
    void theSoakChecksEveryResourceOfAProcessAndFailsTheOneThatGrew() {
        List<long[]> samples = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            samples.add(new long[] {10_000, 200_000, 30, 20 + i / 6}); // a descriptor every sixth sample
        }
        List<Flatness> checks = SoakSuite.flatness("server", samples);
        assertEquals(List.of(true, true, true, false), checks.stream().map(Flatness::flat).toList());
        assertEquals("server fds", checks.get(3).series());
    }
}
