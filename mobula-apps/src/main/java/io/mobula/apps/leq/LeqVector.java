package io.mobula.apps.leq;

import io.mobula.repmi.Read;
import io.mobula.repmi.Root;

/** The replicated object of the RepMI version: a combined gather-to-all and reduce-to-all (thesis 4.4.2). */
public interface LeqVector extends Root {
    /** A rank's block of x (starting at {@code lo}) and its largest change in iteration {@code it} (a write). */
    void put(int it, int lo, double[] block, double delta);

    /**
     * The whole x of iteration {@code it} with the largest change as an extra last element, waiting on the local
     * replica until every rank's put of that iteration is applied there (a blocking read: nothing is broadcast), at
     * most {@code timeoutMillis}.
     *
     * @throws io.mobula.repmi.CloudException when the blocks did not come in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    @Read
    double[] result(int it, long timeoutMillis) throws InterruptedException;
}
