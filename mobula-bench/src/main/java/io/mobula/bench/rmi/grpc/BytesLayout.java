package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;

/** {@code message Bytes { bytes v = 1; }} for {@code byte[]}; an absent field is the empty array (proto3). */
final class BytesLayout extends ProtoLayout.Flat<byte[]> {

    @Override
    int size(byte[] value) {
        return value.length == 0 ? 0 : CodedOutputStream.computeByteArraySize(1, value);
    }

    @Override
    void write(byte[] value, CodedOutputStream out) throws IOException {
        if (value.length > 0) {
            out.writeByteArray(1, value);
        }
    }

    @Override
    public byte[] read(CodedInputStream in, int depth) throws IOException {
        byte[] v = new byte[0];
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) == 1) {
                WireChecks.wireType(tag, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                v = in.readRawBytes(WireChecks.length(in));
            } else {
                WireChecks.skip(in, tag);
            }
        }
        return v;
    }
}
