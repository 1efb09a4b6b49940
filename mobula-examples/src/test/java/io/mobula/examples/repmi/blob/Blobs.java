package io.mobula.examples.repmi.blob;

import io.mobula.repmi.Root;

/** A cloud that takes large writes: each carries a byte array, of which the replica keeps a digest and the last. */
public interface Blobs extends Root {
    /** Adds {@code data} to the digest (in the order of the writes) and keeps it as the last array. */
    void put(byte[] data);

    /** The number of arrays put. */
    int count();

    /** A digest of every array put, in order: equal on replicas in the same state. */
    long digest();

    /** A write that changes nothing: returns once every write before it is applied here. */
    void sync();
}
