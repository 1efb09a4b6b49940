package io.mobula.apps.qr;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version. */
public interface QrGroup extends GroupInterface {
    /** The best candidate {norm2, column} of step {@code j}: every rank invokes it; a combined invocation reduces. */
    void pivot(int j, double[] candidate);

    /** H of step {@code j}, broadcast by the pivot's owner. */
    void putH(int j, double[] h);
}
