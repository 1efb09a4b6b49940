package io.mobula.pool;

/**
 * The suspicion of one member's silence, from the intervals between its last heartbeats (the phi-accrual failure
 * detector of Hayashibara et al., with the normal distribution and the logistic approximation of its tail that Akka
 * uses). phi(t) = -log10 P(the next heartbeat comes more than t after the last one), with the mean and deviation of
 * the last {@value #WINDOW} intervals; the deviation is taken as at least a quarter of the mean, so that a member
 * whose heartbeats were very regular is not suspected for a few milliseconds of delay. A silence shorter than the
 * minimum timeout is never suspected and one of the maximum always is ({@link FailureDetection}). Before the first
 * interval is known only the maximum applies.
 *
 * <p>Times are {@link System#nanoTime()} values passed in by the caller (so tests drive it with a fake clock). Not
 * thread-safe: the coordinator uses it under its lock.
 */
final class PhiAccrualDetector {
    /** How many recent intervals the distribution is taken from. */
    static final int WINDOW = 100;
    /** The least deviation, as a fraction of the mean interval. */
    private static final double MIN_DEVIATION = 0.25;

    private final double threshold;
    private final long minNanos;
    private final long maxNanos;
    /** The last intervals in milliseconds, a ring. */
    private final double[] intervals = new double[WINDOW];
    private int count;
    private int next;
    private double sum;
    private double sumOfSquares;
    private long last;

    /** A detector whose member was last heard of at {@code now}. */
    PhiAccrualDetector(FailureDetection settings, long now) {
        this.threshold = settings.threshold();
        this.minNanos = settings.minTimeout().toNanos();
        this.maxNanos = settings.maxTimeout().toNanos();
        this.last = now;
    }

    /** A heartbeat arrived at {@code now}: the interval since the last one joins the window. */
    void heartbeat(long now) {
        double ms = Math.max(0, now - last) / 1e6;
        last = now;
        if (count == WINDOW) {
            double old = intervals[next];
            sum -= old;
            sumOfSquares -= old * old;
        } else {
            count++;
        }
        intervals[next] = ms;
        next = (next + 1) % WINDOW;
        sum += ms;
        sumOfSquares += ms * ms;
    }

    /** How long (ns) the member has been silent at {@code now}. */
    long silence(long now) {
        return Math.max(0, now - last);
    }

    /** The suspicion level at {@code now} (0 before any interval is known; may be infinite). */
    double phi(long now) {
        if (count == 0) {
            return 0;
        }
        double mean = sum / count;
        double variance = Math.max(0, sumOfSquares / count - mean * mean);
        double deviation = Math.max(Math.sqrt(variance), Math.max(MIN_DEVIATION * mean, 0.001));
        double t = silence(now) / 1e6;
        double y = (t - mean) / deviation;
        double e = Math.exp(-y * (1.5976 + 0.070566 * y * y));
        return t > mean ? -Math.log10(e / (1 + e)) : -Math.log10(1 - 1 / (1 + e));
    }

    /** Whether the member's silence at {@code now} is suspicious. */
    boolean suspects(long now) {
        long s = silence(now);
        return s >= minNanos && (s >= maxNanos || phi(now) >= threshold);
    }

    /** The mean of the recent intervals in milliseconds (0 before any); for messages. */
    double meanMillis() {
        return count == 0 ? 0 : sum / count;
    }
}
