package io.mobula.apps.npb;

import io.mobula.gmi.GroupInterface;

/** The group interface of the NPB kernels' GMI versions: one method per kind of collective operation. */
public interface NpbGroup extends GroupInterface {
    /** The sum of every rank's doubles for operation {@code step} (a combined invocation adds them up). */
    void sumDoubles(int step, double[] v);

    /** The sum of every rank's ints for operation {@code step}. */
    void sumInts(int step, int[] v);

    /** Every rank's piece of operation {@code step}, concatenated in rank order by a combined invocation. */
    void gather(int step, double[] pieces);

    /**
     * Rank {@code from}'s piece for this member in operation {@code step}: the sender passes all its pieces end to
     * end with their lengths, and a personalized invocation gives each member its own.
     */
    void scatter(int step, int from, int[] lengths, int[] pieces);
}
