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
 * <p>A payload case (100 KiB arrays, alone or in batches) needs a count too: its operations are slow, so a minimum
 * time alone ends after a few hundred of them, with the JIT compilers of every rank still busy. A RepMI write of
 * 100 KiB over shared memory at N = 2 took 564-640 µs after the 2 s minimum alone (288 writes of warm-up; a CPU
 * profile showed the C2 compiler thread of each rank busy through the whole timed part) and 226-227 µs after 20000
 * writes, in alternating runs (docs/PERFORMANCE-HISTORY.md). So a payload case runs at least
 * {@link #MIN_PAYLOAD_OPERATIONS} operations, within the same cap, counted in rounds at the rate each round before
 * reached ({@link #payloadRound}).
 *
 * <p>The rank that measures decides how many operations to add, from the time its counted warm-up took; when every
 * rank runs the operations ({@link #agree}), the others learn the number through the pool.
 */
public final class TimedWarmUp {
    /** System property of the rank JVMs: the minimum warm-up in milliseconds (0 or absent: the count alone). */
    public static final String PROPERTY = "mobula.bench.warmupMillis";
    /** At most this many operations are added, however fast they are. */
    static final int MAX_EXTRA = 5_000_000;
    /** A warm-up with a minimum time runs at least this many operations of a latency case (within {@link #CAP_NANOS}). */
    static final int MIN_OPERATIONS = 200_000;
    /** A warm-up with a minimum time runs at least this many operations of a payload case (within {@link #CAP_NANOS}). */
    static final int MIN_PAYLOAD_OPERATIONS = 20_000;
    /** The longest warm-up the operation count may stretch to, at the counted operations' rate (15 s). */
    static final long CAP_NANOS = 15_000_000_000L;
    /** The most a payload case's round of warm-up takes at the rate of the round before ({@link #payloadRound}). */
    static final long ROUND_NANOS = 1_000_000_000L;
    /**
     * A payload case's count stretches its warm-up to at most this many times the minimum time (and
     * {@link #CAP_NANOS}): a short minimum, as a test asks for, keeps the warm-up short.
     */
    static final long PAYLOAD_CAP_FACTOR = 10;

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
     * minimum time. Only a latency case (one small operation per sample) gets the count here; a case whose operations
     * move large payloads or batches gets the minimum time, and then its own count ({@link #payloadRound}).
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
     * A payload case's next round of warm-up, after it was stretched to the minimum time ({@link #extra}): how many
     * samples to add towards {@link #MIN_PAYLOAD_OPERATIONS} operations, as far as {@link #CAP_NANOS} of warm-up in
     * all (or {@link #PAYLOAD_CAP_FACTOR} times the minimum time, if less) allows at the rate of the latest samples, and at most what takes {@link #ROUND_NANOS} at that rate. The
     * caller runs them, then asks again, until this returns 0. Rounds, because the rate is not known in advance: a
     * payload case's first writes ran about 30 times slower than its last (288 RepMI writes of 100 KiB filled the 2 s
     * minimum, about 7 ms each, against 0.23 ms for a warm one), so a cap reckoned at the rate of the stretch alone
     * stopped the warm-up at a fifth of its count.
     *
     * @param done         samples of warm-up so far
     * @param perSample    operations per sample (a batch)
     * @param latest       the latest of them, whose rate counts (the previous round, or the stretch)
     * @param latestNanos  how long those took
     * @param elapsedNanos how long the whole warm-up took so far
     * @return samples to add now; 0 when the count is reached, the cap is met, there is no minimum time, or nothing
     *         was counted
     */
    public int payloadRound(int done, int perSample, int latest, long latestNanos, long elapsedNanos) {
        if (minNanos == 0 || done <= 0 || latest <= 0) {
            return 0;
        }
        long ops = Math.max(1, perSample);
        double perSampleNanos = Math.max(1.0, (double) latestNanos / latest);
        double forCount = Math.max(0, Math.ceil((MIN_PAYLOAD_OPERATIONS - (double) done * ops) / ops));
        long cap = Math.max(minNanos, Math.min(CAP_NANOS, PAYLOAD_CAP_FACTOR * minNanos));
        double withinCap = Math.floor(Math.max(0, cap - elapsedNanos) / perSampleNanos);
        double round = Math.max(1, Math.floor(ROUND_NANOS / perSampleNanos));
        return (int) Math.min(MAX_EXTRA, Math.min(forCount, Math.min(withinCap, round)));
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
