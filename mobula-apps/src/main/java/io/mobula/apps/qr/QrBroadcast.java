package io.mobula.apps.qr;

import io.mobula.repmi.Read;
import io.mobula.repmi.Root;

/** The replicated broadcast object of the RepMI version: H of each step, stored once, read on every replica. */
public interface QrBroadcast extends Root {
    /** Stores H of step {@code j} (a write). */
    void store(int j, double[] h);

    /**
     * H of step {@code j}, waiting on the local replica until its store is applied there (a blocking read: nothing
     * is broadcast), at most {@code timeoutMillis}.
     *
     * @throws io.mobula.repmi.CloudException when H did not come in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    @Read
    double[] retrieve(int j, long timeoutMillis) throws InterruptedException;
}
