package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;

/** A singular proto3 {@code int32} field: omitted when zero, a varint otherwise. */
final class Ints {
    private Ints() { }

    static int size(int field, int v) {
        return v == 0 ? 0 : CodedOutputStream.computeInt32Size(field, v);
    }

    static void write(CodedOutputStream out, int field, int v) throws IOException {
        if (v != 0) {
            out.writeInt32(field, v);
        }
    }

    static int read(CodedInputStream in, int tag) throws IOException {
        WireChecks.wireType(tag, WireFormat.WIRETYPE_VARINT);
        return in.readInt32();
    }
}
