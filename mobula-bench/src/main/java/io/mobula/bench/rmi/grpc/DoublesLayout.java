package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code message Doubles { repeated double v = 1; }} for {@code double[]}: packed 8-byte little-endian values; the
 * reader also accepts unpacked elements.
 */
final class DoublesLayout extends ProtoLayout.Flat<double[]> {

    @Override
    int size(double[] value) {
        int data = 8 * value.length;
        return value.length == 0 ? 0 : 1 + CodedOutputStream.computeUInt32SizeNoTag(data) + data;
    }

    @Override
    void write(double[] value, CodedOutputStream out) throws IOException {
        if (value.length > 0) {
            out.writeTag(1, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(8 * value.length);
            for (double v : value) {
                out.writeDoubleNoTag(v);
            }
        }
    }

    @Override
    public double[] read(CodedInputStream in, int depth) throws IOException {
        double[] v = new double[0];
        int n = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != 1) {
                WireChecks.skip(in, tag);
            } else if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                int len = WireChecks.length(in);
                if (len % 8 != 0) {
                    throw new InvalidProtocolBufferException("packed double field of " + len + " bytes");
                }
                v = Arrays.copyOf(v, n + len / 8);
                for (int end = n + len / 8; n < end; n++) {
                    v[n] = in.readDouble();
                }
            } else {
                WireChecks.wireType(tag, WireFormat.WIRETYPE_FIXED64);
                if (n == v.length) {
                    v = Arrays.copyOf(v, Math.max(8, 2 * n));
                }
                v[n++] = in.readDouble();
            }
        }
        return n == v.length ? v : Arrays.copyOf(v, n);
    }
}
