package io.mobula.apps.qr;

import io.mobula.repmi.Root;

/** The replicated broadcast object of the RepMI version: H of each step, stored once, read on every replica. */
public interface QrBroadcast extends Root {
    /** Stores H of step {@code j} (a write). */
    void store(int j, double[] h);

    /** H of step {@code j}, or null while it has not arrived (a read). */
    double[] retrieve(int j);
}
