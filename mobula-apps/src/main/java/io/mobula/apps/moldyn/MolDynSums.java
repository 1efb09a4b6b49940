package io.mobula.apps.moldyn;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version. */
public interface MolDynSums extends GroupInterface {
    /**
     * The sums of exchange {@code step} over every rank; each rank invokes it with its partial sums, and a combined
     * invocation adds them up into one invocation.
     */
    void put(int step, double[] sums);
}
