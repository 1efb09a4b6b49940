package io.mobula.apps.asp;

import io.mobula.repmi.Read;
import io.mobula.repmi.Root;

/** The replicated Broadcast object of thesis Figure 4.16: rows stored once, read on every replica. */
public interface AspBroadcast extends Root {
    /** Stores row {@code k} (a write: broadcast to every replica in the total order) and wakes its readers. */
    void store(int k, int[] row);

    /**
     * Row {@code k}, waiting on the local replica until a store of it is applied there (a blocking read: nothing
     * is broadcast; {@code @Read} has the compiler check that it stays a read), at most {@code timeoutMillis}.
     *
     * @throws io.mobula.repmi.CloudException when the row did not come in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    @Read
    int[] retrieve(int k, long timeoutMillis) throws InterruptedException;
}
