package io.mobula.bench.load;

/**
 * Call latencies in nanoseconds, counted in log-linear buckets (32 per power of two, so a percentile is off by at
 * most 1/32 of its value): small and fixed in size whatever the number of calls, mergeable across threads and JVMs,
 * and printable on one line. Not thread-safe: one per thread, merged at the end.
 */
public final class LatencyHistogram {
    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS;
    private static final int LINEAR = 2 * SUB;
    static final int BUCKETS = LINEAR + (63 - SUB_BITS - 1) * SUB;

    private final long[] counts = new long[BUCKETS];
    private long total;

    /** Counts one latency ({@code nanos < 0} counts as 0). */
    public void record(long nanos) {
        counts[index(Math.max(0, nanos))]++;
        total++;
    }

    /** Adds every count of {@code other} to this one. */
    public void add(LatencyHistogram other) {
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
    }

    /** Latencies counted. */
    public long count() {
        return total;
    }

    /**
     * The nearest-rank percentile {@code q} (0 &lt; q &lt;= 1): the upper bound of the bucket holding the latency
     * of rank ceil(q n); -1 when empty.
     */
    public long percentile(double q) {
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("percentile must be in (0, 1]: " + q);
        }
        if (total == 0) {
            return -1;
        }
        long rank = Math.max(1, (long) Math.ceil(q * total));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return upperBound(i);
            }
        }
        throw new IllegalStateException("counts do not add up to " + total);
    }

    /** The largest latency's bucket upper bound; -1 when empty. */
    public long max() {
        for (int i = BUCKETS - 1; i >= 0; i--) {
            if (counts[i] != 0) {
                return upperBound(i);
            }
        }
        return -1;
    }

    /** The non-empty buckets as {@code index:count} pairs separated by {@code ;}, for {@link #decode}. */
    public String encode() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < BUCKETS; i++) {
            if (counts[i] != 0) {
                if (!b.isEmpty()) {
                    b.append(';');
                }
                b.append(i).append(':').append(counts[i]);
            }
        }
        return b.toString();
    }

    /** The histogram {@link #encode} printed. */
    public static LatencyHistogram decode(String s) {
        LatencyHistogram h = new LatencyHistogram();
        if (s.isEmpty()) {
            return h;
        }
        for (String pair : s.split(";")) {
            int colon = pair.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("not index:count: '" + pair + "'");
            }
            int i = Integer.parseInt(pair.substring(0, colon));
            long c = Long.parseLong(pair.substring(colon + 1));
            if (i < 0 || i >= BUCKETS || c < 0) {
                throw new IllegalArgumentException("bad bucket '" + pair + "'");
            }
            h.counts[i] += c;
            h.total += c;
        }
        return h;
    }

    static int index(long v) {
        if (v < LINEAR) {
            return (int) v;
        }
        int e = 63 - Long.numberOfLeadingZeros(v); // >= SUB_BITS + 1
        int sub = (int) (v >>> (e - SUB_BITS)) - SUB; // 0 .. SUB-1
        return LINEAR + (e - SUB_BITS - 1) * SUB + sub;
    }

    static long upperBound(int i) {
        if (i < LINEAR) {
            return i;
        }
        int e = (i - LINEAR) / SUB + SUB_BITS + 1;
        long sub = (i - LINEAR) % SUB;
        long low = (SUB + sub) << (e - SUB_BITS);
        return low + (1L << (e - SUB_BITS)) - 1;
    }

    @Override
    public String toString() {
        return "LatencyHistogram[n=" + total + ", p50=" + (total == 0 ? -1 : percentile(0.5)) + " ns, max=" + max()
                + " ns]";
    }
}
