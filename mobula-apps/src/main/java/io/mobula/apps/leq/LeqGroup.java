package io.mobula.apps.leq;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version. */
public interface LeqGroup extends GroupInterface {
    /**
     * The whole x of iteration {@code it} with the largest change of all as an extra last element; each rank
     * invokes it with its block and change, and a combined invocation makes one invocation of them.
     */
    void put(int it, double[] x, double delta);
}
