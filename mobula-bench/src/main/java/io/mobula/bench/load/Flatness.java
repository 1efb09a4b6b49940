package io.mobula.bench.load;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether a series sampled through a soak stayed flat. The first quarter is warm-up (JIT, heap sizing, connections
 * opening) and is ignored; the median of the last quarter is compared with the median of the second quarter. A memory
 * series is flat when the last quarter's median is at most {@code fraction} above the second's plus {@code slack}
 * (shrinking is fine); a count (threads, descriptors) when the last quarter's median is not above the second's (a
 * pooled thread that idles out is not a leak; a count that rises is).
 *
 * @param series       what was sampled, e.g. "server heap KiB"
 * @param samples      how many samples there were
 * @param secondMedian median of the second quarter
 * @param lastMedian   median of the last quarter
 * @param flat         the verdict
 * @param rule         the criterion, for the report
 */
public record Flatness(String series, int samples, double secondMedian, double lastMedian, boolean flat,
        String rule) {
    /** Fewer samples than this cannot be split into quarters meaningfully: not flat. */
    public static final int MIN_SAMPLES = 8;

    /** Flat when the last quarter's median is at most {@code fraction} (e.g. 0.10) above the second's + slack. */
    public static Flatness growthWithin(String series, long[] values, double fraction, long slack) {
        String rule = String.format(Locale.ROOT, "last quarter <= second quarter * %.2f + %d", 1 + fraction, slack);
        if (values.length < MIN_SAMPLES) {
            return new Flatness(series, values.length, Double.NaN, Double.NaN, false, rule + " (too few samples)");
        }
        double second = median(values, values.length / 4, values.length / 2);
        double last = median(values, 3 * values.length / 4, values.length);
        return new Flatness(series, values.length, second, last, last <= second * (1 + fraction) + slack, rule);
    }

    /** Flat when the last quarter's median is at most the second quarter's. */
    public static Flatness noGrowth(String series, long[] values) {
        String rule = "last quarter <= second quarter";
        if (values.length < MIN_SAMPLES) {
            return new Flatness(series, values.length, Double.NaN, Double.NaN, false, rule + " (too few samples)");
        }
        double second = median(values, values.length / 4, values.length / 2);
        double last = median(values, 3 * values.length / 4, values.length);
        return new Flatness(series, values.length, second, last, last <= second, rule);
    }

    /** The median of {@code values[from, to)} (the mean of the two middle ones for an even count). */
    static double median(long[] values, int from, int to) {
        if (to <= from) {
            throw new IllegalArgumentException("empty range " + from + ".." + to);
        }
        long[] s = Arrays.copyOfRange(values, from, to);
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s %-28s second quarter %.1f, last quarter %.1f (%d samples; %s)",
                flat ? "flat    " : "GROWING ", series, secondMedian, lastMedian, samples, rule);
    }
}
