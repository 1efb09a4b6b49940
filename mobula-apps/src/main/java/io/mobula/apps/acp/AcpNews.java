package io.mobula.apps.acp;

import java.io.Serializable;

/**
 * What a rank learns from the others: batches of cells (variable * m + value) they removed, where to continue
 * reading a shared log of batches, and whether the run ended.
 *
 * @param batches the other ranks' removed cells, one array per batch
 * @param next the position in the shared log after these batches (0 for versions without a log)
 * @param end {@link #RUNNING}, {@link #EMPTIED}, {@link #TERMINATED} or {@link #INCONSISTENT}
 */
public record AcpNews(int[][] batches, int next, int end) implements Serializable {
    /** The run goes on. */
    public static final int RUNNING = 0;
    /** Every rank is passive and no removal is in flight: the matrix is arc consistent. */
    public static final int TERMINATED = 1;
    /** Some rank found a domain empty, and every rank knows it, with nothing in flight: the run is over. */
    public static final int INCONSISTENT = 2;
    /** Some rank found a domain empty: the receiver stops working, and waits for the end of the run. */
    public static final int EMPTIED = 3;

    private static final int[][] NONE = new int[0][];

    /** One batch of removals. */
    public static AcpNews of(int[] cells) {
        return new AcpNews(new int[][] {cells}, 0, RUNNING);
    }

    /** No removals, just {@code end}. */
    public static AcpNews ended(int end) {
        return new AcpNews(NONE, 0, end);
    }

    /** Whether the run is over ({@link #TERMINATED} or {@link #INCONSISTENT}). */
    boolean ended() {
        return end == TERMINATED || end == INCONSISTENT;
    }
}
