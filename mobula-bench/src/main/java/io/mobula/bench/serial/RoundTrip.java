package io.mobula.bench.serial;

/**
 * One serialization system under test, set up for the benchmark's classes. An instance owns its reusable
 * buffers and streams, so it is not thread-safe: one per benchmark thread.
 */
public interface RoundTrip {

    /**
     * The graph of {@code serialCase} as this system round-trips it: built once per benchmark trial. Normally
     * {@code serialCase.create()}; a system may need its own copy of the classes.
     */
    default Object graph(SerialCase serialCase) throws Exception {
        return serialCase.create();
    }

    /**
     * Serializes {@code graph} into this instance's reusable buffer and deserializes it back: one benchmark
     * operation. Returns the copy, which is a new object graph equal to {@code graph}.
     */
    Object roundTrip(Object graph) throws Exception;
}
