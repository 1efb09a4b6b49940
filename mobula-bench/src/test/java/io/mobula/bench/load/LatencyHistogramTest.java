package io.mobula.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Percentiles within the bucket resolution of the exact ones, merging, and the one-line form. */
class LatencyHistogramTest {

    @Test
    void percentilesAreWithinOneThirtySecondOfTheExactNearestRank() {
        SplittableRandom r = new SplittableRandom(7);
        long[] v = new long[100_000];
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < v.length; i++) {
            v[i] = (long) Math.exp(r.nextDouble(2, 20)); // 7 ns to 485 ms, log-uniform
            h.record(v[i]);
        }
        Arrays.sort(v);
        for (double q : new double[] {0.01, 0.5, 0.9, 0.99, 0.999, 1.0}) {
            long exact = v[(int) Math.ceil(q * v.length) - 1];
            long got = h.percentile(q);
            assertTrue(got >= exact && got <= exact + exact / 32 + 1, q + ": " + got + " for " + exact);
        }
        assertEquals(h.percentile(1.0), h.max());
    }

    @Test
    void smallValuesAreExactAndBucketsCoverEveryLong() {
        for (long x = 0; x < 64; x++) {
            assertEquals(x, LatencyHistogram.upperBound(LatencyHistogram.index(x)));
        }
        assertEquals(LatencyHistogram.BUCKETS - 1, LatencyHistogram.index(Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, LatencyHistogram.upperBound(LatencyHistogram.BUCKETS - 1));
        for (long x = 64; x < 1 << 20; x += 7) {
            int i = LatencyHistogram.index(x);
            assertTrue(x <= LatencyHistogram.upperBound(i) && x > LatencyHistogram.upperBound(i - 1), "x=" + x);
        }
    }

    @Test
    void mergedAndDecodedHistogramsKeepEveryCount() {
        LatencyHistogram a = new LatencyHistogram();
        LatencyHistogram b = new LatencyHistogram();
        for (int i = 0; i < 1000; i++) {
            a.record(1_000 + i);
            b.record(1_000_000 + i);
        }
        a.add(LatencyHistogram.decode(b.encode()));
        assertEquals(2000, a.count());
        assertTrue(a.percentile(0.5) < 2_100 && a.percentile(0.51) >= 1_000_000, a.toString());
        assertEquals(0, LatencyHistogram.decode("").count());
        assertEquals(-1, new LatencyHistogram().percentile(0.5));
        assertThrows(IllegalArgumentException.class, () -> LatencyHistogram.decode("5"));
        assertThrows(IllegalArgumentException.class, () -> LatencyHistogram.decode("99999:1"));
        assertThrows(IllegalArgumentException.class, () -> a.percentile(0));
    }
}
