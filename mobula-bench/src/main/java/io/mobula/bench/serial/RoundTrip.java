package io.mobula.bench.serial;

/**
 * One serialization system under test, set up for the benchmark's classes. An instance owns its reusable
 * buffers and streams, so it is not thread-safe: one per benchmark thread.
 */
public interface RoundTrip {

    /**
     * Serializes {@code graph} into this instance's reusable buffer and deserializes it back: one benchmark
     * operation. Returns the copy, which is a new object graph equal to {@code graph}.
     */
    Object roundTrip(Object graph) throws Exception;
}
