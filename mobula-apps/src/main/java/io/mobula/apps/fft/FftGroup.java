package io.mobula.apps.fft;

import io.mobula.gmi.GroupInterface;

/** The group interface of the GMI version. */
public interface FftGroup extends GroupInterface {
    /**
     * Chunk {@code chunk} of the {@code chunks} of rank {@code from}'s piece of transpose {@code phase} for this
     * member; a member with fewer chunks than the invocation has ({@code chunk >= chunks}) gets nothing.
     */
    void put(int phase, int from, int chunk, int chunks, double[] piece);
}
