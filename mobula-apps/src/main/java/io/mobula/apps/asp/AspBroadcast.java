package io.mobula.apps.asp;

import io.mobula.repmi.Root;

/** The replicated Broadcast object of thesis Figure 4.16: rows stored once, read on every replica. */
public interface AspBroadcast extends Root {
    /** Stores row {@code k} (a write: broadcast to every replica in the total order). */
    void store(int k, int[] row);

    /** Row {@code k}, or null while it has not arrived (a read of the local replica). */
    int[] retrieve(int k);
}
