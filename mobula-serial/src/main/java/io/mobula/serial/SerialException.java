package io.mobula.serial;

import java.io.IOException;

/**
 * Any failure to encode or decode: truncated or malformed input, unknown type id, fingerprint mismatch,
 * a class refused by the {@link ClassFilter}, a length or nesting depth over its limit, or an exception
 * thrown by a serializer. Decoding never lets another exception escape the public entry points.
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
}
