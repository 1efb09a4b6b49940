package io.mobula.bench.rmi.grpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.WireFormat;
import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.mobula.bench.rmi.PayloadSpec;
import io.mobula.bench.rmi.PayloadSpec.Kind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hand-written message layouts: round trips, byte-for-byte agreement with protobuf-java, bounded decoding. */
class ProtoMarshallerTest {

    private static final List<PayloadSpec> PAYLOADS = List.of(
            PayloadSpec.of(Kind.NULL), PayloadSpec.of(Kind.BYTES, 50), PayloadSpec.of(Kind.BYTES, 100 * 1024),
            PayloadSpec.of(Kind.INTS, 50), PayloadSpec.of(Kind.INTS, 25600), PayloadSpec.of(Kind.FLOATS, 2000),
            PayloadSpec.of(Kind.DOUBLES, 131072), PayloadSpec.of(Kind.INT4), PayloadSpec.of(Kind.INT32),
            PayloadSpec.of(Kind.INT4_NULL2), PayloadSpec.of(Kind.TREE, 15), PayloadSpec.of(Kind.TREE, 1023));

    @Test
    void everyPayloadRoundTripsThroughBothStreamPaths() throws Exception {
        for (PayloadSpec p : PAYLOADS) {
            ProtoMarshaller<Object> m = marshaller(p.kind());
            Object value = BenchMethods.toMessage(p.create());
            // as gRPC reads it: known length, plain reads
            Object viaRead = m.parse(m.stream(value));
            assertTrue(PayloadSpec.sameValue(BenchMethods.fromMessage(viaRead), p.create()), p.id());
            // as gRPC writes it: drained into an output stream, then parsed from a stream of unknown length
            byte[] bytes = encode(m, value);
            assertEquals(m.stream(value).available(), bytes.length, p.id());
            Object viaDrain = m.parse(new ByteArrayInputStream(bytes));
            assertTrue(PayloadSpec.sameValue(BenchMethods.fromMessage(viaDrain), p.create()), p.id());
        }
    }

    @Test
    void bytesAreWhatProtobufItselfWritesForTheSameSchema() throws Exception {
        Descriptors.FileDescriptor schema = schema();
        String[][] pairs = {{"byte[50]", "Bytes"}, {"int[2000]", "Ints"}, {"float[50]", "Floats"},
                {"double[50]", "Doubles"}, {"4int", "Int4"}, {"32int", "Ints32"}, {"4int2null", "Node"},
                {"tree(15)", "Node"}, {"null", "Empty"}};
        for (String[] pair : pairs) {
            PayloadSpec p = PayloadSpec.parse(pair[0]);
            byte[] ours = encode(marshaller(p.kind()), BenchMethods.toMessage(p.create()));
            DynamicMessage theirs = DynamicMessage.parseFrom(schema.findMessageTypeByName(pair[1]), ours);
            assertArrayEquals(theirs.toByteArray(), ours, pair[0]);
            assertTrue(theirs.getUnknownFields().asMap().isEmpty(), pair[0]);
        }
        DynamicMessage tree = DynamicMessage.parseFrom(schema.findMessageTypeByName("Node"),
                encode(marshaller(Kind.TREE), PayloadSpec.parse("tree(15)").create()));
        Descriptors.Descriptor node = schema.findMessageTypeByName("Node");
        assertEquals(11, tree.getField(node.findFieldByName("a")));
        DynamicMessage left = (DynamicMessage) tree.getField(node.findFieldByName("left"));
        assertEquals(15, left.getField(node.findFieldByName("a")));
        DynamicMessage ints = DynamicMessage.parseFrom(schema.findMessageTypeByName("Ints"),
                encode(marshaller(Kind.INTS), PayloadSpec.parse("int[50]").create()));
        assertEquals(50, ints.getRepeatedFieldCount(schema.findMessageTypeByName("Ints").findFieldByName("v")));
    }

    @Test
    void unpackedElementsAreAcceptedAsTheSpecificationRequires() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        out.writeInt32(1, 7);
        out.writeInt32(1, -3);
        out.writeInt32(9, 5); // unknown field, skipped
        out.flush();
        assertArrayEquals(new int[] {7, -3},
                (int[]) marshaller(Kind.INTS).parse(new ByteArrayInputStream(bytes.toByteArray())));
    }

    @Test
    void malformedInputIsRefusedWithInternal() throws Exception {
        byte[] tree = encode(marshaller(Kind.TREE), PayloadSpec.parse("tree(15)").create());
        expectInternal(Kind.TREE, java.util.Arrays.copyOf(tree, tree.length - 1), "");
        // a packed field claiming more bytes than the message has
        expectInternal(Kind.DOUBLES, new byte[] {0x0a, (byte) 0x80, (byte) 0x80, 0x40, 0, 0}, "exceeds");
        // a packed float field whose length is not a multiple of 4
        expectInternal(Kind.FLOATS, new byte[] {0x0a, 3, 1, 2, 3}, "packed float");
        // a field with the wrong wire type
        expectInternal(Kind.INT4, new byte[] {0x0d, 1, 2, 3, 4}, "wire type");
        // nesting deeper than the bound
        expectInternal(Kind.TREE, nested(WireChecks.MAX_DEPTH + 1), "nested deeper");
        // a message longer than the maximum, announced by its length
        InputStream huge = new KnownLengthStream(ProtoMarshaller.MAX_MESSAGE_BYTES + 1);
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> marshaller(Kind.BYTES).parse(huge));
        assertEquals(Status.Code.INTERNAL, e.getStatus().getCode());
        // and without announcing it
        StatusRuntimeException e2 = assertThrows(StatusRuntimeException.class, () -> marshaller(Kind.BYTES)
                .parse(new ByteArrayInputStream(new byte[ProtoMarshaller.MAX_MESSAGE_BYTES + 1])));
        assertTrue(e2.getStatus().getDescription().contains("exceeds"), e2.getStatus().toString());
        // the depth bound leaves room for the largest benchmark tree, and the message size for 1 MiB of doubles
        assertTrue(marshaller(Kind.TREE).parse(new ByteArrayInputStream(nested(WireChecks.MAX_DEPTH - 1))) != null);
    }

    private static void expectInternal(Kind kind, byte[] bytes, String detail) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class,
                () -> marshaller(kind).parse(new ByteArrayInputStream(bytes)));
        assertEquals(Status.Code.INTERNAL, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().contains(detail), e.getStatus().toString());
    }

    /** A chain of {@code depth} nested left children below a root. */
    private static byte[] nested(int depth) throws Exception {
        byte[] inner = {0x08, 1};
        for (int i = 0; i < depth; i++) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            out.writeTag(5, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(inner.length);
            out.writeRawBytes(inner);
            out.flush();
            inner = bytes.toByteArray();
        }
        return inner;
    }

    private static ProtoMarshaller<Object> marshaller(Kind kind) {
        return new ProtoMarshaller<>(BenchMethods.layout(kind));
    }

    private static byte[] encode(ProtoMarshaller<Object> m, Object value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int n = ((Drainable) m.stream(value)).drainTo(bytes);
        assertEquals(n, bytes.size());
        return bytes.toByteArray();
    }

    /** The .proto of {@link BenchMethods}, built at run time for protobuf-java's own (dynamic) codec. */
    private static Descriptors.FileDescriptor schema() throws Exception {
        FileDescriptorProto.Builder f = FileDescriptorProto.newBuilder().setName("bench.proto")
                .setPackage("mobula.bench").setSyntax("proto3");
        f.addMessageType(DescriptorProto.newBuilder().setName("Empty"));
        f.addMessageType(message("Bytes", repeated(false, "v", 1, FieldDescriptorProto.Type.TYPE_BYTES)));
        f.addMessageType(message("Ints", repeated(true, "v", 1, FieldDescriptorProto.Type.TYPE_INT32)));
        f.addMessageType(message("Floats", repeated(true, "v", 1, FieldDescriptorProto.Type.TYPE_FLOAT)));
        f.addMessageType(message("Doubles", repeated(true, "v", 1, FieldDescriptorProto.Type.TYPE_DOUBLE)));
        List<FieldDescriptorProto> int4 = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int4.add(repeated(false, String.valueOf((char) ('a' + i)), i + 1, FieldDescriptorProto.Type.TYPE_INT32));
        }
        f.addMessageType(message("Int4", int4.toArray(FieldDescriptorProto[]::new)));
        List<FieldDescriptorProto> node = new ArrayList<>(int4);
        node.add(repeated(false, "left", 5, FieldDescriptorProto.Type.TYPE_MESSAGE).toBuilder()
                .setTypeName(".mobula.bench.Node").build());
        node.add(repeated(false, "right", 6, FieldDescriptorProto.Type.TYPE_MESSAGE).toBuilder()
                .setTypeName(".mobula.bench.Node").build());
        f.addMessageType(message("Node", node.toArray(FieldDescriptorProto[]::new)));
        List<FieldDescriptorProto> i32 = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            i32.add(repeated(false, String.format("i%02d", i), i + 1, FieldDescriptorProto.Type.TYPE_INT32));
        }
        f.addMessageType(message("Ints32", i32.toArray(FieldDescriptorProto[]::new)));
        return Descriptors.FileDescriptor.buildFrom(f.build(), new Descriptors.FileDescriptor[0]);
    }

    private static DescriptorProto message(String name, FieldDescriptorProto... fields) {
        DescriptorProto.Builder b = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto f : fields) {
            b.addField(f);
        }
        return b.build();
    }

    private static FieldDescriptorProto repeated(boolean repeated, String name, int number,
            FieldDescriptorProto.Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setType(type)
                .setLabel(repeated ? FieldDescriptorProto.Label.LABEL_REPEATED
                        : FieldDescriptorProto.Label.LABEL_OPTIONAL)
                .build();
    }

    /** A stream that announces {@code n} bytes (as gRPC's own message streams do) and must not be read. */
    private static final class KnownLengthStream extends InputStream implements KnownLength {
        private final int n;

        KnownLengthStream(int n) {
            this.n = n;
        }

        @Override
        public int available() {
            return n;
        }

        @Override
        public int read() {
            throw new AssertionError("an oversized message was read");
        }
    }
}
