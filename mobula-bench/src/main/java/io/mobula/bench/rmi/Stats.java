package io.mobula.bench.rmi;

import java.util.Arrays;

/**
 * Summary of per-call latency samples in nanoseconds. Percentiles are nearest-rank on the sorted samples
 * (p50 = the sample at rank ceil(0.50 n)).
 */
public record Stats(int count, long p50Nanos, long p99Nanos, double meanNanos, long minNanos, long maxNanos) {

    public static Stats of(long[] samples, int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("no samples");
        }
        long[] s = Arrays.copyOf(samples, count);
        Arrays.sort(s);
        double sum = 0;
        for (long v : s) {
            sum += v;
        }
        return new Stats(count, rank(s, 0.50), rank(s, 0.99), sum / count, s[0], s[count - 1]);
    }

    static long rank(long[] sorted, double q) {
        int r = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, r - 1))];
    }
}
