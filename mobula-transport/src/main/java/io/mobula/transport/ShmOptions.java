package io.mobula.transport;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of shared-memory connections (part of {@link TransportOptions}). {@link TransportOptions#defaults()} takes
 * them from the {@code mobula.shm.*} system properties, read once ({@link #fromSystemProperties()}); {@link #defaults()}
 * are the built-in values.
 *
 * @param ringBytes   bytes of each of the two rings of a segment ({@code mobula.shm.ringBytes}, default 1 MiB; rounded
 *                    down to a power of two, at least 4 KiB and at most 1 GiB)
 * @param pollWindow  how long a caller polls the ring for its reply before it sleeps ({@code mobula.shm.pollMicros},
 *                    default 100 µs): long enough for a short call's round trip, short enough that a slow call does
 *                    not burn a core
 * @param spin        busy-spin window of a side waiting for its peer ({@code mobula.shm.spinMicros}, default 20 µs
 *                    with 4 or more processors, else 2 µs): a message arriving within it costs no system call
 * @param yield       window of {@link Thread#yield()} after the spin ({@code mobula.shm.yieldMicros}, default 50 µs)
 * @param maxPark     longest single park of a side without a doorbell ({@code mobula.shm.maxParkMicros}, default
 *                    1 ms)
 * @param bellTimeout safety timeout of one doorbell sleep ({@code mobula.shm.bellTimeoutMillis}, default 100 ms, at
 *                    least 1 ms)
 */
public record ShmOptions(int ringBytes, Duration pollWindow, Duration spin, Duration yield, Duration maxPark,
                         Duration bellTimeout) {

    private static final ShmOptions DEFAULTS = new ShmOptions(1 << 20, Duration.ofNanos(100_000),
            Duration.ofNanos(Runtime.getRuntime().availableProcessors() >= 4 ? 20_000 : 2_000),
            Duration.ofNanos(50_000), Duration.ofMillis(1), Duration.ofMillis(100));

    /** Validates the settings; see the record components. */
    public ShmOptions {
        Objects.requireNonNull(pollWindow, "pollWindow");
        Objects.requireNonNull(spin, "spin");
        Objects.requireNonNull(yield, "yield");
        Objects.requireNonNull(maxPark, "maxPark");
        Objects.requireNonNull(bellTimeout, "bellTimeout");
        if (Integer.bitCount(ringBytes) != 1 || ringBytes < 4096 || ringBytes > 1 << 30) {
            throw new IllegalArgumentException("ringBytes must be a power of two from 4 KiB to 1 GiB: " + ringBytes);
        }
        if (pollWindow.isNegative() || spin.isNegative() || yield.isNegative() || maxPark.isNegative()
                || maxPark.isZero() || bellTimeout.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("bad shm waits: poll " + pollWindow + ", spin " + spin + ", yield "
                    + yield + ", park " + maxPark + ", doorbell timeout " + bellTimeout + " (>= 1 ms)");
        }
    }

    /** The built-in values documented on the record components. */
    public static ShmOptions defaults() {
        return DEFAULTS;
    }

    /** The built-in values, each replaced by its {@code mobula.shm.*} system property where set. */
    public static ShmOptions fromSystemProperties() {
        ShmOptions d = DEFAULTS;
        int ring = Integer.highestOneBit(Math.max(4096, Math.min(1 << 30,
                Integer.getInteger("mobula.shm.ringBytes", d.ringBytes))));
        return new ShmOptions(ring,
                Duration.ofNanos(1000L * Math.max(0, Long.getLong("mobula.shm.pollMicros", 100))),
                Duration.ofNanos(1000L * Math.max(0, Long.getLong("mobula.shm.spinMicros", d.spin.toNanos() / 1000))),
                Duration.ofNanos(1000L * Math.max(0, Long.getLong("mobula.shm.yieldMicros", 50))),
                Duration.ofNanos(1000L * Math.max(1, Long.getLong("mobula.shm.maxParkMicros", 1000))),
                Duration.ofMillis(Math.max(1, Long.getLong("mobula.shm.bellTimeoutMillis", 100))));
    }

    /** A copy with {@code ringBytes} replaced. */
    public ShmOptions withRingBytes(int v) {
        return new ShmOptions(v, pollWindow, spin, yield, maxPark, bellTimeout);
    }

    /** A copy with {@code pollWindow} replaced. */
    public ShmOptions withPollWindow(Duration v) {
        return new ShmOptions(ringBytes, v, spin, yield, maxPark, bellTimeout);
    }

    /** How a ring side waits with these settings. */
    ShmWait waits() {
        return new ShmWait(spin.toNanos(), yield.toNanos(), maxPark.toNanos(), bellTimeout.toNanos());
    }
}
