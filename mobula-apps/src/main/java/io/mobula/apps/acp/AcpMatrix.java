package io.mobula.apps.acp;

import io.mobula.repmi.Root;

/** The replicated object of the RepMI version: the removals of the shared matrix, round by round. */
public interface AcpMatrix extends Root {
    /** The cells rank {@code rank} removed in {@code round} (a write: broadcast to every replica). */
    void restrict(int round, int rank, int[] cells);

    /** Every rank's removed cells of {@code round}, in rank order, or null while some rank has not written (a read). */
    int[][] removed(int round);
}
