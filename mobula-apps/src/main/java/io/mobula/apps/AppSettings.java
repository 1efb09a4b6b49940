package io.mobula.apps;

import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a kernel run that are not part of its problem size. A program's entry point reads them once
 * ({@link #fromSystemProperties()}) and hands them down: a rank gets them from its {@link RankContext}, the drivers
 * that start processes as an argument. Nothing reads them from a static field, so a test sets them by passing a value.
 *
 * @param stall         how long a rank waits without progress (no value arriving, no long-poll answered, no RepMI
 *                      write notifying it) before it fails, though the pool reports nobody dead
 *                      ({@code mobula.apps.stallSeconds}, default 120 s)
 * @param corruptRank   tests only: the rank that changes one element of the part it hands back, to prove that
 *                      verification catches a wrong result; -1 (the default) for none ({@code mobula.apps.corruptRank})
 * @param fftChunkBytes FFT: a piece of a transpose larger than this is sent in chunks of whole columns
 *                      ({@code mobula.apps.fft.chunkBytes}, default 8 MiB, at least 16; the same on every rank)
 * @param runTimeout    how long a driver lets one run of a version (a process tree) go on before it kills it
 *                      ({@code mobula.apps.runTimeoutSeconds}, default 1800 s)
 */
public record AppSettings(Duration stall, int corruptRank, long fftChunkBytes, Duration runTimeout) {

    /** The smallest chunk of an FFT transpose piece. */
    public static final long MIN_FFT_CHUNK_BYTES = 16;

    private static final AppSettings DEFAULTS = new AppSettings(Duration.ofSeconds(120), -1, 8L << 20,
            Duration.ofSeconds(1800));

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException for a stall or run timeout that is not positive, a corrupt rank below -1, or a
     *                                  chunk below {@link #MIN_FFT_CHUNK_BYTES}
     */
    public AppSettings {
        Objects.requireNonNull(stall, "stall");
        Objects.requireNonNull(runTimeout, "runTimeout");
        if (stall.isNegative() || stall.isZero()) {
            throw new IllegalArgumentException("the stall time must be positive, not " + stall);
        }
        if (runTimeout.isNegative() || runTimeout.isZero()) {
            throw new IllegalArgumentException("the run timeout must be positive, not " + runTimeout);
        }
        if (corruptRank < -1) {
            throw new IllegalArgumentException("the corrupt rank must be a rank or -1 (none), not " + corruptRank);
        }
        if (fftChunkBytes < MIN_FFT_CHUNK_BYTES) {
            throw new IllegalArgumentException("an FFT chunk must be at least " + MIN_FFT_CHUNK_BYTES + " bytes, not "
                    + fftChunkBytes);
        }
    }

    /** The defaults: a stall of 120 s, no corruption, 8 MiB FFT chunks, a run timeout of 1800 s. */
    public static AppSettings defaults() {
        return DEFAULTS;
    }

    /**
     * The defaults, each replaced by its system property where set (see the record's components).
     *
     * @throws IllegalArgumentException naming the property whose value is not a number or out of range
     */
    public static AppSettings fromSystemProperties() {
        AppSettings d = DEFAULTS;
        long stall = number("mobula.apps.stallSeconds", d.stall.toSeconds());
        long corrupt = number("mobula.apps.corruptRank", d.corruptRank);
        long chunk = number("mobula.apps.fft.chunkBytes", d.fftChunkBytes);
        long timeout = number("mobula.apps.runTimeoutSeconds", d.runTimeout.toSeconds());
        try {
            return new AppSettings(Duration.ofSeconds(stall), Math.toIntExact(corrupt), chunk,
                    Duration.ofSeconds(timeout));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new IllegalArgumentException("bad mobula.apps.* setting: " + e.getMessage(), e);
        }
    }

    private static long number(String property, long otherwise) {
        String v = System.getProperty(property);
        if (v == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + property + "=" + v + " is not a whole number", e);
        }
    }

    /** These settings with rank {@code rank} corrupting its part (tests), or none for -1. */
    public AppSettings withCorruptRank(int rank) {
        return new AppSettings(stall, rank, fftChunkBytes, runTimeout);
    }
}
