package io.mobula.apps.fft;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version. */
public interface FftGroup extends GroupInterface {
    /** Rank {@code from}'s piece of transpose {@code phase} for this member. */
    void put(int phase, int from, double[] piece);
}
