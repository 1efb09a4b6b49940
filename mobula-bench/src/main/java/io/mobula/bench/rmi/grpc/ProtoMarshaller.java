package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.IOException;
import java.io.InputStream;

/**
 * A gRPC marshaller for one {@link ProtoLayout}: what protoc-generated code plugs in, without the code generation.
 * Parsing is bounded: a message longer than {@link #MAX_MESSAGE_BYTES} is refused before it is buffered, and the
 * layout checks every length inside against the bytes left. Failures become {@link Status#INTERNAL}, as with
 * gRPC's own protobuf marshaller.
 *
 * @param <T> the Java type of the message
 */
final class ProtoMarshaller<T> implements MethodDescriptor.Marshaller<T> {
    /** The largest message either side accepts: gRPC's default maximum inbound message size (4 MiB). */
    static final int MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

    private final ProtoLayout<T> layout;

    ProtoMarshaller(ProtoLayout<T> layout) {
        this.layout = layout;
    }

    @Override
    public InputStream stream(T value) {
        return new OutgoingMessage(layout.measure(value));
    }

    @Override
    public T parse(InputStream stream) {
        try {
            byte[] bytes = readBounded(stream);
            CodedInputStream in = CodedInputStream.newInstance(bytes);
            in.pushLimit(bytes.length);
            return layout.read(in, 0);
        } catch (IOException e) {
            throw Status.INTERNAL.withDescription("invalid protobuf message: " + e.getMessage()).withCause(e)
                    .asRuntimeException();
        }
    }

    /** The whole message, at most {@link #MAX_MESSAGE_BYTES}; exact-size buffer when gRPC knows the length. */
    static byte[] readBounded(InputStream stream) throws IOException {
        if (stream instanceof KnownLength) {
            int size = stream.available();
            if (size < 0 || size > MAX_MESSAGE_BYTES) {
                throw new IOException("message of " + size + " bytes exceeds " + MAX_MESSAGE_BYTES);
            }
            byte[] bytes = stream.readNBytes(size);
            if (bytes.length != size || stream.read() >= 0) {
                throw new IOException("message length differs from the announced " + size + " bytes");
            }
            return bytes;
        }
        byte[] bytes = stream.readNBytes(MAX_MESSAGE_BYTES + 1);
        if (bytes.length > MAX_MESSAGE_BYTES) {
            throw new IOException("message exceeds " + MAX_MESSAGE_BYTES + " bytes");
        }
        return bytes;
    }
}
