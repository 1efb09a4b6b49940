package io.mobula.transport;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One kind of log line that a peer can make repeat at will (a refused connection, a failed handshake, a frame with no
 * room): the first of a period is logged at once at its level, the others of that period are logged at DEBUG only and
 * counted, and when the period ends one more line at the level gives the last of them and the count:
 * {@code "... (and 1998 more in the last 10 s)"}. So a flood of 2000 stalled connections makes two lines, not 2000,
 * and nothing is hidden from a reader of the log but the repetitions. Thread-safe; an event costs a short lock, and a
 * period with repetitions one task on a timer thread shared by all instances (it ends when idle).
 */
public final class RateLimitedLog {
    /** The usual period: one line at once, one summary at most every ten seconds. */
    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(10);

    private static ScheduledThreadPoolExecutor flusher;

    private final System.Logger logger;
    private final Level level;
    private final long periodNanos;
    // guarded by this
    private long periodEnd;
    private boolean open;
    private long held;
    private String last;
    private boolean flushing;

    /**
     * @param logger where the lines go
     * @param level  the level of the first line of a period and of its summary
     * @param period how long after a line the same kind is only counted (positive)
     */
    public RateLimitedLog(System.Logger logger, Level level, Duration period) {
        this.logger = Objects.requireNonNull(logger, "logger");
        this.level = Objects.requireNonNull(level, "level");
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period must be positive: " + period);
        }
        this.periodNanos = period.toNanos();
    }

    /** Logs {@code message} at the level if no line of this kind was logged in the current period, else counts it. */
    public void log(String message) {
        boolean now;
        synchronized (this) {
            long t = System.nanoTime();
            if (!open || t - periodEnd >= 0) {
                if (held > 0) {
                    flushLocked(); // the summary of the last period comes before the next period's first line
                }
                open = true;
                periodEnd = t + periodNanos;
                now = true;
            } else {
                held++;
                last = message;
                now = false;
                if (!flushing) {
                    flushing = true;
                    schedule(this::flush, periodEnd - t);
                }
            }
        }
        logger.log(now ? level : Level.DEBUG, message);
    }

    /** How many lines of the current period were only counted so far (for tests). */
    synchronized long held() {
        return held;
    }

    private void flush() {
        synchronized (this) {
            long left = periodEnd - System.nanoTime();
            if (held > 0 && left > 0) {
                schedule(this::flush, left); // held in a later period than the one this task was for
                return;
            }
            flushing = false;
            if (held > 0) {
                flushLocked();
            }
        }
    }

    private void flushLocked() {
        long n = held;
        String m = last;
        held = 0;
        last = null;
        long ms = TimeUnit.NANOSECONDS.toMillis(periodNanos);
        logger.log(level, n == 1 ? m : m + " (and " + (n - 1) + " more in the last "
                + (ms % 1000 == 0 ? ms / 1000 + " s)" : ms + " ms)"));
    }

    private static synchronized void schedule(Runnable task, long delayNanos) {
        if (flusher == null) {
            flusher = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "mobula-log-summaries");
                t.setDaemon(true);
                return t;
            });
            flusher.setKeepAliveTime(1, TimeUnit.SECONDS);
            flusher.allowCoreThreadTimeOut(true); // no thread while nothing repeats
        }
        flusher.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    }
}
