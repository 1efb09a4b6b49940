package io.mobula.apps.leq;

import io.mobula.repmi.Root;

/** The replicated object of the RepMI version: a combined gather-to-all and reduce-to-all (thesis 4.4.2). */
public interface LeqVector extends Root {
    /** A rank's block of x (starting at {@code lo}) and its largest change in iteration {@code it} (a write). */
    void put(int it, int lo, double[] block, double delta);

    /**
     * The whole x of iteration {@code it} with the largest change as an extra last element, or null while not
     * every rank has put its block (a read).
     */
    double[] result(int it);
}
