package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;

/** {@code message Empty {}}: nothing on the wire; unknown fields are skipped. */
final class EmptyLayout extends ProtoLayout.Flat<Empty> {

    @Override
    int size(Empty value) {
        return 0;
    }

    @Override
    void write(Empty value, CodedOutputStream out) {
    }

    @Override
    public Empty read(CodedInputStream in, int depth) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            WireChecks.skip(in, tag);
        }
        return Empty.INSTANCE;
    }
}
