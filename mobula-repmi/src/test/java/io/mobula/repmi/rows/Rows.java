package io.mobula.repmi.rows;

import io.mobula.repmi.Root;

/** A replicated row store with blocking reads (thesis Figure 4.16) and a blocking write, for the tests. */
public interface Rows extends Root {
    /** Stores row {@code k} and notifies (a write). */
    void store(int k, int[] row);

    /** Row {@code k}, waiting on the local replica until it is there (a blocking read, as thesis Figure 4.16). */
    @io.mobula.repmi.Read
    int[] retrieve(int k);

    /** As {@link #retrieve}, waiting at most {@code timeoutMillis}. */
    int[] retrieveWithin(int k, long timeoutMillis);

    /** Takes row {@code k} out, waiting until it is there (a write that blocks: deterministic scheduling). */
    int[] take(int k);

    /** Stores row {@code k} after a wait with a timeout: a write that reaches a timed wait, which must fail. */
    void storeAfterATimedWait(int k, int[] row);

    /** How many rows were stored. */
    int stored();
}
