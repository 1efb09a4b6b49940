package io.mobula.examples.repmi;

import io.mobula.repmi.Root;

/** The thesis's replicated Bin (Figure 4.11): a one-slot buffer whose put and get block. */
public interface Bin extends Root {
    /** Stores {@code i}, waiting while the bin is full. */
    void put(int i);

    /** Takes the value, waiting while the bin is empty. */
    int get();

    /** How many values went through, a read. */
    int count();
}
