package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code message Floats { repeated float v = 1; }} for {@code float[]}: packed 4-byte little-endian values; the
 * reader also accepts unpacked elements.
 */
final class FloatsLayout extends ProtoLayout.Flat<float[]> {

    @Override
    int size(float[] value) {
        int data = 4 * value.length;
        return value.length == 0 ? 0 : 1 + CodedOutputStream.computeUInt32SizeNoTag(data) + data;
    }

    @Override
    void write(float[] value, CodedOutputStream out) throws IOException {
        if (value.length > 0) {
            out.writeTag(1, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(4 * value.length);
            for (float v : value) {
                out.writeFloatNoTag(v);
            }
        }
    }

    @Override
    public float[] read(CodedInputStream in, int depth) throws IOException {
        float[] v = new float[0];
        int n = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != 1) {
                WireChecks.skip(in, tag);
            } else if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                int len = WireChecks.length(in);
                if (len % 4 != 0) {
                    throw new InvalidProtocolBufferException("packed float field of " + len + " bytes");
                }
                v = Arrays.copyOf(v, n + len / 4);
                for (int end = n + len / 4; n < end; n++) {
                    v[n] = in.readFloat();
                }
            } else {
                WireChecks.wireType(tag, WireFormat.WIRETYPE_FIXED32);
                if (n == v.length) {
                    v = Arrays.copyOf(v, Math.max(8, 2 * n));
                }
                v[n++] = in.readFloat();
            }
        }
        return n == v.length ? v : Arrays.copyOf(v, n);
    }
}
