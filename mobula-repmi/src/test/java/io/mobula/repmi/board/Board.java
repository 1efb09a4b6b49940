package io.mobula.repmi.board;

import io.mobula.repmi.Root;

/** A cloud with arrays, strings, shared nodes and a cycle, for the snapshot's encoding. */
public interface Board extends Root {
    /** Puts a cell labelled {@code label} at {@code i}, linked to the cell after it. */
    void put(int i, String label);

    /** The label at {@code i}, or null. */
    String label(int i);

    /** A summary of the whole state: equal on equal boards. */
    String describe();
}
