package io.mobula.serial;

import java.io.IOException;

/**
 * Writes and reads the fields of one class. The annotation processor generates one per
 * {@link java.io.Serializable} class ({@code p.Outer_Inner_MobulaSerializer} for {@code p.Outer.Inner});
 * the runtime builds one for classes compiled without it (the visible fallback) and ships built-ins for
 * common JDK types.
 *
 * <p>Implementations are stateless and thread-safe. They never see {@code null}: the caller writes the
 * null/handle/type tag (thesis 2.4.2, 3.3.2).
 *
 * @param <T> the class this serializer handles
 */
public interface Serializer<T> {

    /** The exact class handled; a subclass gets a serializer of its own. */
    Class<T> type();

    /**
     * A hash of the serialized layout: class names and the (name, type) of every serialized field,
     * superclass first. Sent once per peer with the type descriptor so that differing layouts fail
     * with a clear error instead of decoding garbage. See {@link Fingerprint}.
     */
    long fingerprint();

    /** Writes the fields of {@code value}; never called with {@code null}. */
    void write(SerialWriter out, T value) throws IOException;

    /**
     * Reads one instance. Implementations for mutable classes allocate the instance and call
     * {@link SerialReader#register(Object)} before reading any reference field, so that cycles resolve
     * to it; records and other value types register after construction.
     */
    T read(SerialReader in) throws IOException;
}
