package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import io.mobula.bench.rmi.BenchObjects;
import java.io.IOException;

/** {@code message Int4 { int32 a = 1; int32 b = 2; int32 c = 3; int32 d = 4; }} (proto3: zero fields omitted). */
final class Int4Layout extends ProtoLayout.Flat<BenchObjects.Int4> {

    @Override
    int size(BenchObjects.Int4 o) {
        return Ints.size(1, o.a) + Ints.size(2, o.b) + Ints.size(3, o.c) + Ints.size(4, o.d);
    }

    @Override
    void write(BenchObjects.Int4 o, CodedOutputStream out) throws IOException {
        Ints.write(out, 1, o.a);
        Ints.write(out, 2, o.b);
        Ints.write(out, 3, o.c);
        Ints.write(out, 4, o.d);
    }

    @Override
    public BenchObjects.Int4 read(CodedInputStream in, int depth) throws IOException {
        BenchObjects.Int4 o = new BenchObjects.Int4();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 1 -> o.a = Ints.read(in, tag);
                case 2 -> o.b = Ints.read(in, tag);
                case 3 -> o.c = Ints.read(in, tag);
                case 4 -> o.d = Ints.read(in, tag);
                default -> WireChecks.skip(in, tag);
            }
        }
        return o;
    }
}
