package io.mobula.pool.cli;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The launcher's staggered start: with more local ranks than twice this host's processors, at most that many ranks
 * are starting (started, not yet joined the pool) at any time; the next starts when one of them joined. So JVMs
 * starting all at once do not starve each other (and the pool coordinator in the launcher) of the processors for tens
 * of seconds. A rank that joins late does not hold the start up for good: without a join for {@link #waveTimeoutMs},
 * the rest start at once. {@code mobula run --stagger K} sets the wave to K for all ranks, local or through ssh.
 *
 * <p>Not thread-safe: the launcher's starting thread alone uses it.
 */
final class StaggeredStart {
    /** How long the launcher waits for a starting rank to join before the rest start at once. */
    static final long WAVE_TIMEOUT_MS = 10_000;

    private final int wave;
    private final long waveTimeoutMs;
    private final IntSupplier joined;
    private final BooleanSupplier abandon;
    private boolean staggering;

    private StaggeredStart(int ranks, int wave, long waveTimeoutMs, IntSupplier joined, BooleanSupplier abandon) {
        this.wave = wave;
        this.waveTimeoutMs = waveTimeoutMs;
        this.joined = joined;
        this.abandon = abandon;
        this.staggering = wave < ranks;
    }

    /**
     * The default: with more local ranks than twice this host's processors, at most that many starting at a time.
     *
     * @param localRanks    ranks started on this host
     * @param processors    this host's processors
     * @param waveTimeoutMs how long to wait for the next join before starting the rest at once
     * @param joined        how many ranks have joined the pool so far
     * @param abandon       true when staggering is to stop at once (a rank exited, the launcher stops)
     */
    static StaggeredStart forLocalRanks(int localRanks, int processors, long waveTimeoutMs, IntSupplier joined,
                                        BooleanSupplier abandon) {
        return new StaggeredStart(localRanks, localRanks > 2 * processors ? 2 * Math.max(1, processors)
                : Integer.MAX_VALUE, waveTimeoutMs, joined, abandon);
    }

    /**
     * {@code ranks} ranks, local or through ssh, with at most {@code wave} starting at a time (the user's
     * {@code --stagger}): for hosts whose processors the launcher cannot know, such as emulated hosts sharing this
     * machine's.
     */
    static StaggeredStart withWave(int ranks, int wave, long waveTimeoutMs, IntSupplier joined,
                                   BooleanSupplier abandon) {
        if (wave < 1) {
            throw new IllegalArgumentException("wave must be positive: " + wave);
        }
        return new StaggeredStart(ranks, wave, waveTimeoutMs, joined, abandon);
    }

    /** How many ranks may be starting at once ({@link Integer#MAX_VALUE}: no staggering). */
    int wave() {
        return wave;
    }

    /**
     * Called before rank {@code r} (0-based, in start order) starts: returns once it may, that is once
     * {@code r - wave + 1} ranks have joined, or at once when staggering is off or was given up (no join within the
     * wave timeout, or {@code abandon} said so).
     */
    void beforeStart(int r) throws InterruptedException {
        if (!staggering || r < wave) {
            return;
        }
        int needed = r - wave + 1;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waveTimeoutMs);
        int seen = joined.getAsInt();
        while (seen < needed) {
            if (abandon.getAsBoolean() || System.nanoTime() - deadline >= 0) {
                staggering = false;
                return;
            }
            Thread.sleep(20);
            int now = joined.getAsInt();
            if (now > seen) { // progress: the bound is per join, not for the whole start
                seen = now;
                deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waveTimeoutMs);
            }
        }
    }

    /** Whether the start is still staggered (false when it was never, or was given up). */
    boolean staggering() {
        return staggering;
    }
}
