package io.mobula.examples.gmi;

import io.mobula.gmi.GroupInterface;

/**
 * The thesis's group interface {@code Bin} (Figure 5.11): {@code put} stores an array in a member, {@code get} takes
 * it out; plus {@code add}, a small computation whose result depends on the member, for result combining.
 */
public interface Bin extends GroupInterface {
    /** Stores {@code v}, waiting while the bin is full. */
    void put(double[] v);

    /** Takes the stored array, waiting while the bin is empty. */
    double[] get();

    /**
     * {@code a + b * (rank + 1)} on the member of that rank.
     *
     * @throws IllegalArgumentException for a negative {@code a}
     */
    int add(int a, int b);
}
