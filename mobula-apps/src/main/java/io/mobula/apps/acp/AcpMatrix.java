package io.mobula.apps.acp;

import io.mobula.repmi.Read;
import io.mobula.repmi.Root;

/** The replicated object of the RepMI version: the removals of the shared matrix, round by round. */
public interface AcpMatrix extends Root {
    /** The cells rank {@code rank} removed in {@code round} (a write: broadcast to every replica). */
    void restrict(int round, int rank, int[] cells);

    /**
     * Every rank's removed cells of {@code round}, in rank order, waiting on the local replica until every rank's
     * restrict of that round is applied there (a blocking read: nothing is broadcast), at most {@code timeoutMillis}.
     *
     * @throws io.mobula.repmi.CloudException when the removals did not come in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    @Read
    int[][] removed(int round, long timeoutMillis) throws InterruptedException;
}
