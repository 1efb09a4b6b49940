package io.mobula.repmi;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which writes of each writer process the order has taken, so that no write runs twice (thesis-beyond: fail-over).
 * A write is named by its writer's pool rank and that writer's call number. A fail-over may sequence a write twice:
 * its writer submits it again when no survivor holds it, and a copy may still be on its way from before; every replica
 * asks this table at the write's first turn, in the order, and runs only the first copy, so all replicas decide
 * alike. A joiner receives the table with its snapshot.
 *
 * <p>Bounded: each write carries its writer's floor (the lowest call the writer neither has settled nor has seen in
 * its own replica), and the table keeps, per writer, only the floor and the calls taken at or above it: about as many
 * as the writer has writes on their way.
 */
final class WriteIds {
    /** One writer: its floor, and the calls taken at or above it, ascending. */
    private static final class Writer {
        long floor;
        long[] taken = new long[4];
        int n;
    }

    private final HashMap<Integer, Writer> writers = new HashMap<>();

    /**
     * Whether write {@code call} of {@code origin} is taken for the first time (a no-op slot, origin -1, always is);
     * records it and raises the writer's floor. Called in the order of the writes.
     */
    synchronized boolean first(int origin, long call, long floor) {
        if (origin < 0) {
            return true;
        }
        Writer w = writers.get(origin);
        if (w == null) {
            w = new Writer();
            writers.put(origin, w);
        }
        if (call < w.floor) {
            return false;
        }
        int at = Arrays.binarySearch(w.taken, 0, w.n, call);
        if (at >= 0) {
            return false;
        }
        at = -at - 1;
        if (w.n == w.taken.length) {
            w.taken = Arrays.copyOf(w.taken, w.n * 2);
        }
        System.arraycopy(w.taken, at, w.taken, at + 1, w.n - at);
        w.taken[at] = call;
        w.n++;
        if (floor > w.floor) {
            w.floor = floor;
            int below = 0;
            while (below < w.n && w.taken[below] < floor) {
                below++;
            }
            System.arraycopy(w.taken, below, w.taken, 0, w.n - below);
            w.n -= below;
        }
        return true;
    }

    /** The floor of writer {@code origin} as the writes taken so far carried it (0 if none). */
    synchronized long floor(int origin) {
        Writer w = writers.get(origin);
        return w == null ? 0 : w.floor;
    }

    /**
     * Checks a snapshot's table.
     *
     * @throws CloudException when a row is malformed
     */
    static void check(long[][] rows) {
        for (long[] row : rows) {
            if (row == null || row.length < 2 || row[0] < 0 || row[0] > Integer.MAX_VALUE) {
                throw new CloudException("a snapshot's table of taken writes has a malformed row");
            }
        }
    }

    /** The table for a snapshot: per writer, its pool rank, its floor, then the calls taken at or above it. */
    synchronized long[][] export() {
        long[][] rows = new long[writers.size()][];
        int i = 0;
        for (Map.Entry<Integer, Writer> e : writers.entrySet()) {
            Writer w = e.getValue();
            long[] row = new long[2 + w.n];
            row[0] = e.getKey();
            row[1] = w.floor;
            System.arraycopy(w.taken, 0, row, 2, w.n);
            rows[i++] = row;
        }
        return rows;
    }

    /**
     * Replaces the table with a snapshot's.
     *
     * @throws CloudException when a row is malformed
     */
    synchronized void restore(long[][] rows) {
        check(rows);
        writers.clear();
        for (long[] row : rows) {
            Writer w = new Writer();
            w.floor = row[1];
            w.taken = Arrays.copyOfRange(row, 2, Math.max(row.length, 6));
            w.n = row.length - 2;
            Arrays.sort(w.taken, 0, w.n);
            writers.put((int) row[0], w);
        }
    }
}
