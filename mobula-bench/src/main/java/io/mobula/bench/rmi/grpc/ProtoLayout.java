package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;

/**
 * How one Java payload type is laid out as a protobuf message: the same wire format that protoc-generated code
 * writes and reads, written by hand with {@link CodedOutputStream} and {@link CodedInputStream}.
 *
 * @param <T> the Java type of the message
 */
interface ProtoLayout<T> {

    /** The message ready to be written: its encoded size is computed once (as generated code memoizes it). */
    interface Sized {
        int size();

        void writeTo(CodedOutputStream out) throws IOException;
    }

    /** Computes the encoded size of {@code value} and returns it ready to write. */
    Sized measure(T value);

    /**
     * Reads one message that ends at the current limit of {@code in} (the caller pushed it), {@code depth} levels
     * below the top-level message. Every length is checked against the bytes left before anything is allocated.
     *
     * @throws IOException on malformed, truncated or too deeply nested input
     */
    T read(CodedInputStream in, int depth) throws IOException;

    /** Convenience for layouts whose size is cheap to recompute: writes with a size function. */
    abstract class Flat<T> implements ProtoLayout<T> {
        abstract int size(T value);

        abstract void write(T value, CodedOutputStream out) throws IOException;

        @Override
        public final Sized measure(T value) {
            int size = size(value);
            return new Sized() {
                @Override
                public int size() {
                    return size;
                }

                @Override
                public void writeTo(CodedOutputStream out) throws IOException {
                    write(value, out);
                }
            };
        }
    }
}
