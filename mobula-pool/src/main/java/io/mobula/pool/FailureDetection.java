package io.mobula.pool;

import java.time.Duration;
import java.util.Objects;

/**
 * How the pool coordinator tells a dead member from a slow one (docs/POOL.md, Failure detection). Per member it keeps
 * the intervals between the member's last heartbeats and computes how suspicious the current silence is against them
 * (phi, in the style of the phi-accrual detector): a member whose heartbeats have come late before is given more
 * time. A suspected member is not dropped at once: the coordinator knocks on the member's listener (a refused
 * connection means the process is gone: it is declared dead at once), and otherwise waits {@link #confirmTimeout}
 * for a heartbeat, which clears the suspicion.
 *
 * <p>So a member is never suspected before {@link #minTimeout} of silence and always by {@link #maxTimeout}; a
 * process that is gone (kill -9, exit) is declared dead soon after it is suspected; one that is silent but present
 * (hung, stopped, cut off) is declared dead at most {@code maxTimeout + confirmTimeout} after its last heartbeat.
 *
 * @param threshold      the phi at which a silence is suspicious: phi = -log10 of the probability that a heartbeat
 *                       still comes this late, given the member's recent intervals (8: one in 10^8)
 * @param minTimeout     silence never suspected, however regular the heartbeats were
 * @param maxTimeout     silence always suspected, however irregular the heartbeats were
 * @param confirmTimeout how long a suspected member whose process seems present may take to heartbeat before it is
 *                       declared dead
 */
public record FailureDetection(double threshold, Duration minTimeout, Duration maxTimeout, Duration confirmTimeout) {
    /** The default suspicion threshold (phi). */
    public static final double DEFAULT_THRESHOLD = 8.0;

    public FailureDetection {
        Objects.requireNonNull(minTimeout, "minTimeout");
        Objects.requireNonNull(maxTimeout, "maxTimeout");
        Objects.requireNonNull(confirmTimeout, "confirmTimeout");
        if (!(threshold > 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("the suspicion threshold (phi) must be a positive number, got "
                    + threshold);
        }
        if (minTimeout.isNegative() || minTimeout.isZero() || maxTimeout.compareTo(minTimeout) < 0
                || confirmTimeout.isNegative() || confirmTimeout.isZero()) {
            throw new IllegalArgumentException("bad failure detection timeouts: min " + minTimeout + ", max "
                    + maxTimeout + ", confirm " + confirmTimeout + " (need 0 < min <= max, confirm > 0)");
        }
    }

    /**
     * The settings for members that heartbeat every quarter {@code lease} ({@link Pool} does): suspected after two
     * to four heartbeat periods of silence (min half a lease, max one lease), then confirmed for one more lease;
     * threshold {@value #DEFAULT_THRESHOLD}.
     */
    public static FailureDetection forLease(Duration lease) {
        if (lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("bad pool lease: " + lease);
        }
        // half the lease, without Duration.dividedBy, whose BigDecimal arithmetic costs every process's start-up
        // a class initialization of about 10 ms
        long seconds = lease.getSeconds();
        Duration half = Duration.ofSeconds(seconds / 2, (seconds % 2 * 1_000_000_000L + lease.getNano()) / 2);
        return new FailureDetection(DEFAULT_THRESHOLD, half, lease, lease);
    }

    /** The same settings with suspicion threshold {@code phi}. */
    public FailureDetection withThreshold(double phi) {
        return new FailureDetection(phi, minTimeout, maxTimeout, confirmTimeout);
    }

    /** The same settings with confirmation timeout {@code d}. */
    public FailureDetection withConfirmTimeout(Duration d) {
        return new FailureDetection(threshold, minTimeout, maxTimeout, d);
    }

    /** The longest a member that is present but silent stays in the pool after its last heartbeat. */
    public Duration hangBound() {
        return maxTimeout.plus(confirmTimeout);
    }
}
