package io.mobula.serial;

import java.io.IOException;
import java.io.StreamCorruptedException;

/**
 * Any failure to encode or decode: truncated or malformed input, unknown type id, fingerprint mismatch,
 * a class refused by the {@link ClassFilter}, a length or nesting depth over its limit, or an exception
 * thrown by a serializer. Decoding never lets another exception escape the public entry points.
 *
 * <p>As with Java serialization, the cause tells what kind of failure it is, where Java serialization has an
 * exception for it: input that is not a well-formed stream (truncated, a bad tag, length, handle, type id or
 * header) has a {@link StreamCorruptedException} with the same message as its cause ({@link #corrupt}); a class
 * without a usable constructor an {@link java.io.InvalidClassException}; a class that is not there a
 * {@link ClassNotFoundException}. RMI reports that exception to the caller, as java.rmi does.
 */
public class SerialException extends IOException {
    private static final long serialVersionUID = 1L;

    /** @param message what went wrong, naming the class or offset where known */
    public SerialException(String message) {
        super(message);
    }

    /**
     * @param message what went wrong
     * @param cause the underlying failure
     */
    public SerialException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A failure because the input is not a well-formed stream: truncated, or with a tag, length, handle, type id
     * or header no writer produces.
     *
     * @param message what is wrong, and at which offset
     * @return a SerialException whose cause is a {@link StreamCorruptedException} with the same message, the
     *     exception Java serialization throws for such input
     */
    public static SerialException corrupt(String message) {
        return new SerialException(message, new StreamCorruptedException(message));
    }
}
