package io.mobula.examples.repmi;

import io.mobula.repmi.Root;

/** The thesis's replicated stack (Figure 4.4), with a read that summarizes the replica's state. */
public interface Stack extends Root {
    /** Pushes {@code d}. */
    void push(int d);

    /** Pops the top value; fails on an empty stack. */
    int pop();

    /** The top value; fails on an empty stack. */
    int top();

    /** The number of values. */
    int size();

    /**
     * Waits on the local replica until it holds at least {@code atLeast} values, at most {@code timeoutMillis}, and
     * returns how many it holds: a blocking read (pushes notify), which is never broadcast.
     */
    @io.mobula.repmi.Read
    int awaitSize(int atLeast, long timeoutMillis);

    /** A hash of the values from top to bottom: equal on replicas in the same state. */
    long stateHash();

    /** The values from top to bottom. */
    int[] values();

    /** A write that changes nothing the state hash covers: returns once everything before it is applied here. */
    void sync();
}
