package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Arrays;

/**
 * {@code message Ints { repeated int32 v = 1; }} for {@code int[]}: packed varints (the proto3 default for a
 * {@code repeated int32}, what a schema author writes); the reader also accepts unpacked elements, as the protobuf
 * specification requires.
 */
final class IntsLayout implements ProtoLayout<int[]> {

    @Override
    public Sized measure(int[] value) {
        int data = 0;
        for (int v : value) {
            data += CodedOutputStream.computeInt32SizeNoTag(v);
        }
        int dataSize = data;
        int size = value.length == 0 ? 0 : 1 + CodedOutputStream.computeUInt32SizeNoTag(data) + data;
        return new Sized() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public void writeTo(CodedOutputStream out) throws IOException {
                if (value.length > 0) {
                    out.writeTag(1, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    out.writeUInt32NoTag(dataSize);
                    for (int v : value) {
                        out.writeInt32NoTag(v);
                    }
                }
            }
        };
    }

    @Override
    public int[] read(CodedInputStream in, int depth) throws IOException {
        int[] v = new int[0];
        int n = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != 1) {
                WireChecks.skip(in, tag);
            } else if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                int len = WireChecks.length(in);
                int old = in.pushLimit(len);
                // every varint takes at least one byte, so len bounds the element count
                if (v.length < n + len) {
                    v = Arrays.copyOf(v, n + len);
                }
                while (in.getBytesUntilLimit() > 0) {
                    v[n++] = in.readInt32();
                }
                in.popLimit(old);
            } else {
                WireChecks.wireType(tag, WireFormat.WIRETYPE_VARINT);
                if (n == v.length) {
                    v = Arrays.copyOf(v, Math.max(8, 2 * n));
                }
                v[n++] = in.readInt32();
            }
        }
        return n == v.length ? v : Arrays.copyOf(v, n);
    }
}
