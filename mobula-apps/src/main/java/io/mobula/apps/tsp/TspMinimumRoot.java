package io.mobula.apps.tsp;

import io.mobula.repmi.CloudObject;

/** Thesis Figure 4.15, as it is. */
public class TspMinimumRoot extends CloudObject implements TspMinimum {
    private int minimum = Integer.MAX_VALUE;

    @Override
    public synchronized void set(int min) {
        if (min < minimum) {
            minimum = min;
        }
    }

    @Override
    public synchronized int get() {
        return minimum;
    }
}
