package io.mobula.apps.tsp;

import io.mobula.repmi.Root;

/** The replicated Minimum of thesis Figure 4.15. */
public interface TspMinimum extends Root {
    /** Lowers the minimum to {@code min} if that is lower (a write). */
    void set(int min);

    /** The minimum (a read of the local replica). */
    int get();
}
