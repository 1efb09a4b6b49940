package io.mobula.apps.acp;

import io.mobula.repmi.CloudObject;
import io.mobula.repmi.Node;
import java.util.Arrays;

/**
 * The shared state of the versions whose removals go through one object (the naive RMI version's remote object, the
 * RepMI version's replicated object): the batches of removed cells in the order they came, and the termination
 * detection. A rank declares itself passive together with how many batches it has read; the run has terminated when
 * every rank is passive having read every batch. Every call on the object is applied in one order (the remote
 * object's monitor, RepMI's totally ordered writes), so the object always holds a consistent snapshot of the ranks'
 * counts, and no batch can be in flight outside it: message counting on a consistent snapshot. A rank that finds a
 * domain empty ends the run at once.
 *
 * <p>A plain object in the naive version, part of the replicated object's state in the RepMI version (so it holds
 * only arrays and primitives). Not thread safe: its holder synchronizes.
 */
public final class AcpLog extends CloudObject implements Node {
    private static final long serialVersionUID = 1L;

    private int[][] batches = new int[16][];
    private int[] origins = new int[16];
    private int count;
    private final boolean[] passive;
    private final int[] read;
    private int end = AcpNews.RUNNING;

    /** The log of a run on {@code ranks} ranks; every rank starts active. */
    AcpLog(int ranks) {
        this.passive = new boolean[ranks];
        this.read = new int[ranks];
    }

    /** Rank {@code rank} removed {@code cells}: appends them; the rank is active. */
    void restrict(int rank, int[] cells) {
        check(rank);
        if (end == AcpNews.RUNNING) {
            if (count == batches.length) {
                batches = Arrays.copyOf(batches, 2 * count);
                origins = Arrays.copyOf(origins, 2 * count);
            }
            batches[count] = cells;
            origins[count++] = rank;
            passive[rank] = false;
        }
    }

    /**
     * Rank {@code rank} is passive, having applied the first {@code read} batches; returns whether the run has
     * terminated.
     */
    boolean passive(int rank, int read) {
        check(rank);
        if (read < 0 || read > count) {
            throw new IllegalArgumentException("rank " + rank + " read " + read + " of " + count + " batches");
        }
        passive[rank] = true;
        this.read[rank] = read;
        if (end == AcpNews.RUNNING) {
            boolean done = true;
            for (int r = 0; r < passive.length && done; r++) {
                done = passive[r] && this.read[r] == count;
            }
            if (done) {
                end = AcpNews.TERMINATED;
            }
        }
        return end == AcpNews.TERMINATED;
    }

    /** Rank {@code rank} found a domain empty: the run ends. */
    void emptied(int rank) {
        check(rank);
        if (end == AcpNews.RUNNING) {
            end = AcpNews.INCONSISTENT;
        }
    }

    /** Whether {@link #since} has something new for a rank that read {@code from} batches. */
    boolean news(int from) {
        return end != AcpNews.RUNNING || count > from;
    }

    /** The batches after the first {@code from}, except rank {@code rank}'s own, and whether the run ended. */
    AcpNews since(int rank, int from) {
        int end = this.end; // read before the batches: a run that ended has all its batches in the log
        int to = count;
        return new AcpNews(batches(rank, from, to), to, end);
    }

    /** How many batches the log holds. */
    int count() {
        return count;
    }

    /** {@link AcpNews#RUNNING}, {@link AcpNews#TERMINATED} or {@link AcpNews#INCONSISTENT}. */
    int end() {
        return end;
    }

    /** The batches {@code from ..< to}, except rank {@code rank}'s own. */
    int[][] batches(int rank, int from, int to) {
        check(rank);
        if (from < 0 || from > to || to > count) {
            throw new IllegalArgumentException("batches " + from + " to " + to + " of " + count);
        }
        int k = 0;
        for (int b = from; b < to; b++) {
            k += origins[b] != rank ? 1 : 0;
        }
        int[][] out = new int[k][];
        k = 0;
        for (int b = from; b < to; b++) {
            if (origins[b] != rank) {
                out[k++] = batches[b];
            }
        }
        return out;
    }

    private void check(int rank) {
        if (rank < 0 || rank >= passive.length) {
            throw new IllegalArgumentException("rank " + rank + " of " + passive.length);
        }
    }
}
