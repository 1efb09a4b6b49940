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
 * <p>The rank that measures decides how many operations to add, from the time its counted warm-up took; when every
 * rank runs the operations ({@link #agree}), the others learn the number through the pool.
 */
public final class TimedWarmUp {
    /** System property of the rank JVMs: the minimum warm-up in milliseconds (0 or absent: the count alone). */
    public static final String PROPERTY = "mobula.bench.warmupMillis";
    /** At most this many operations are added, however fast they are. */
    static final int MAX_EXTRA = 5_000_000;

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
     * about the minimum: 0 when it already did, when nothing was counted, or without a minimum.
     */
    public int extra(int done, long elapsedNanos) {
        if (minNanos == 0 || done <= 0 || elapsedNanos >= minNanos) {
            return 0;
        }
        double perOperation = Math.max(1.0, (double) elapsedNanos / done);
        return (int) Math.min(MAX_EXTRA, Math.ceil((minNanos - elapsedNanos) / perOperation));
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
