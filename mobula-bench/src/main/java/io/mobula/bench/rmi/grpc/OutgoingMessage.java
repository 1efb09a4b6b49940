package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedOutputStream;
import io.grpc.Drainable;
import io.grpc.KnownLength;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * A message on its way out, as gRPC's protobuf marshaller hands it over: gRPC learns the size from
 * {@link KnownLength} and has the message written straight into its frame buffers through {@link Drainable}, with
 * no intermediate byte array. Reading it as a plain stream (which gRPC does not do here) encodes it first.
 */
final class OutgoingMessage extends InputStream implements Drainable, KnownLength {
    private ProtoLayout.Sized message;
    private ByteArrayInputStream encoded;

    OutgoingMessage(ProtoLayout.Sized message) {
        this.message = message;
    }

    @Override
    public int drainTo(OutputStream target) throws IOException {
        if (message != null) {
            int size = message.size();
            if (size > 0) {
                // the buffer size protobuf's own writeTo(OutputStream) picks: the message, at most 4 KiB
                CodedOutputStream out = CodedOutputStream.newInstance(target, Math.min(size, 4096));
                message.writeTo(out);
                out.flush();
            }
            message = null;
            return size;
        }
        if (encoded != null) {
            int n = encoded.available();
            encoded.transferTo(target);
            encoded = null;
            return n;
        }
        return 0;
    }

    @Override
    public int available() {
        if (message != null) {
            return message.size();
        }
        return encoded == null ? 0 : encoded.available();
    }

    @Override
    public int read() throws IOException {
        return encoded().read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return encoded().read(b, off, len);
    }

    private ByteArrayInputStream encoded() throws IOException {
        if (message != null) {
            byte[] bytes = new byte[message.size()];
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            message.writeTo(out);
            out.checkNoSpaceLeft();
            encoded = new ByteArrayInputStream(bytes);
            message = null;
        }
        return encoded == null ? new ByteArrayInputStream(new byte[0]) : encoded;
    }
}
