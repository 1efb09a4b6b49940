package io.mobula.bench.rmi.grpc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;

/** Bounds checks shared by the layouts' readers: lengths against the bytes left, nesting depth, wire types. */
final class WireChecks {
    /** Deepest nesting of messages a reader accepts (a balanced tree of 1023 nodes is 10 deep). */
    static final int MAX_DEPTH = 64;

    private WireChecks() { }

    /** Reads a length prefix and checks it fits in what is left of the current message. */
    static int length(CodedInputStream in) throws IOException {
        int len = in.readRawVarint32();
        int left = in.getBytesUntilLimit();
        if (len < 0 || left < 0 || len > left) {
            throw new InvalidProtocolBufferException("length " + len + " exceeds the " + left
                    + " bytes left in the message");
        }
        return len;
    }

    /** Checks that a nested message at {@code depth} may be read. */
    static void depth(int depth) throws InvalidProtocolBufferException {
        if (depth >= MAX_DEPTH) {
            throw new InvalidProtocolBufferException("messages nested deeper than " + MAX_DEPTH);
        }
    }

    /** Checks that {@code tag} has the wire type the field is declared with. */
    static void wireType(int tag, int expected) throws InvalidProtocolBufferException {
        if (WireFormat.getTagWireType(tag) != expected) {
            throw new InvalidProtocolBufferException("field " + WireFormat.getTagFieldNumber(tag) + " has wire type "
                    + WireFormat.getTagWireType(tag) + ", expected " + expected);
        }
    }

    /** Skips a field this layout does not know (protobuf readers ignore unknown fields). */
    static void skip(CodedInputStream in, int tag) throws IOException {
        if (!in.skipField(tag)) {
            throw new InvalidProtocolBufferException("unexpected end-group tag");
        }
    }
}
