package io.mobula.bench.repmi;

import io.mobula.repmi.Root;

/**
 * The replicated object of the RepMI benchmarks (thesis 4.4): an int written and read, and the arrays of the
 * throughput cases, counted. Every rank holds a replica ({@code mobula-repmi}), or an ordinary {@link CounterRoot}
 * updated through RMI (the baselines), so every system runs the same update code.
 */
public interface Counter extends Root {
    /** A read: the value. */
    int get();

    /** A write: sets the value and counts the write. */
    void set(int v);

    /** A write: counts an array and its bytes, and a bad one whose first and last element differ. */
    void putBytes(byte[] b);

    /** As {@link #putBytes}, for a double[] (8 bytes per element). */
    void putDoubles(double[] d);

    /** A read: the writes of {@link #set} applied. */
    int sets();

    /** A read: a hash of the values {@link #set} was called with, in the order applied (equal replicas, equal order). */
    long history();

    /** A read: the arrays applied. */
    int arrays();

    /** A read: the bytes of the arrays applied. */
    long arrayBytes();

    /** A read: the arrays whose marks (first and last element) differed. */
    int bad();

    /**
     * A blocking read (thesis 4.2.2, Figure 4.16): waits on this replica, at most {@code timeoutMillis}, until the
     * value is at least {@code atLeast} (the writer sets increasing values); nothing is broadcast.
     */
    void awaitValue(int atLeast, long timeoutMillis) throws InterruptedException;

    /** A blocking read: waits, at most {@code timeoutMillis}, until the arrays applied here reach {@code count}. */
    void awaitArrays(int count, long timeoutMillis) throws InterruptedException;
}
