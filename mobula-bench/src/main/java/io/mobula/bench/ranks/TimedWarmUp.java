package io.mobula.bench.ranks;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Stretches a rank program's warm-up of a fixed number of operations to a minimum time. A fixed count is not enough
 * for the paths of a pool process: code that runs only now and then (a frame that wraps around a shared-memory
 * ring's end, a heartbeat arriving on another connection) sends the JIT-compiled hot path back to the interpreter
 * each time it first meets it, and at 10 µs per operation 20000 operations end before the compiler has settled
 * (JFR: repeated deoptimizations of the receive path for about 2 s; a shared-memory round trip of 9.5 µs that becomes
 * 1.5-2.2 µs once they stop). A minimum time, like JMH's time-based warm-up, measures the steady state whatever an
 * operation costs.
 *
 * <p>Time alone is not enough either: the slow state lasts a number of operations, not a time. A broadcast at N = 2
 * over shared memory starts at about 100 µs per operation, so 20000 of them fill a 2 s minimum, and was still at
 * 47-69 µs (and the same run's RMI loop at 10-12 µs) when measured; after about 150000 operations it is at 3.2-3.4 µs
 * (RMI loop 1.5-1.7 µs), two alternating runs each (docs/PERFORMANCE-HISTORY.md). So a warm-up with a minimum time also runs
 * at least {@link #MIN_OPERATIONS} operations in a latency case, unless that would take longer than {@link #CAP_NANOS} at the rate of
 * the counted ones.
 *
 * <p>The rank that measures decides how many operations to add, from the time its counted warm-up took; when every
 * rank runs the operations ({@link #agree}), the others learn the number through the pool.
 */
public final class TimedWarmUp {
    /** System property of the rank JVMs: the minimum warm-up in milliseconds (0 or absent: the count alone). */
    public static final String PROPERTY = "mobula.bench.warmupMillis";
    /** At most this many operations are added, however fast they are. */
    static final int MAX_EXTRA = 5_000_000;
    /** A warm-up with a minimum time runs at least this many operations (within {@link #CAP_NANOS}). */
    static final int MIN_OPERATIONS = 200_000;
    /** The longest warm-up the operation count may stretch to, at the counted operations' rate (15 s). */
    static final long CAP_NANOS = 15_000_000_000L;

    private final long minNanos;

    public TimedWarmUp(long minMillis) {
        this.minNanos = Math.max(0, minMillis) * 1_000_000L;
    }

    /** The minimum from {@link #PROPERTY}. */
    public static TimedWarmUp fromProperty() {
        return new TimedWarmUp(Long.getLong(PROPERTY, 0));
    }

    /** The JVM flag that hands {@code millis} to the rank JVMs. */
    public static String flag(long millis) {
        return "-D" + PROPERTY + "=" + millis;
    }

    /**
     * How many operations to add after {@code done} operations took {@code elapsedNanos}, so that the warm-up lasts
     * about the minimum time and counts at least {@link #MIN_OPERATIONS} operations (the count only as far as
     * {@link #CAP_NANOS} allows at the counted rate): 0 when it already did, when nothing was counted, or without a
     * minimum time. Only a latency case (one small operation per sample) gets the count; a case whose operations
     * move large payloads or batches gets the minimum time alone.
     */
    public int extra(int done, long elapsedNanos, boolean latency) {
        if (minNanos == 0 || done <= 0) {
            return 0;
        }
        double perOperation = Math.max(1.0, (double) elapsedNanos / done);
        double forTime = elapsedNanos >= minNanos ? 0 : Math.ceil((minNanos - elapsedNanos) / perOperation);
        double forCount = latency ? Math.max(0, MIN_OPERATIONS - done) : 0;
        double withinCap = Math.max(0, Math.max(minNanos, CAP_NANOS) - elapsedNanos) / perOperation;
        double want = Math.max(forTime, Math.min(forCount, Math.floor(withinCap)));
        return (int) Math.min(MAX_EXTRA, want);
    }

    /**
     * The number {@code leader} decided, at every rank: the leader publishes {@code value} under {@code key} and
     * returns it; the others wait for it (at most {@code timeout}).
     *
     * @throws IllegalStateException when the pool cannot publish it or it does not come in time
     */
    public static int agree(Pool pool, String key, int leader, int value, Duration timeout) {
        try {
            if (pool.rank() == leader) {
                pool.publish(key, value);
                return value;
            }
            Map<String, Serializable> got = pool.await(List.of(key), timeout);
            return (Integer) got.get(key);
        } catch (PoolException e) {
            throw new IllegalStateException("rank " + pool.rank() + ": the warm-up length " + key + " of rank "
                    + leader + " did not arrive: " + e.getMessage(), e);
        }
    }
}
