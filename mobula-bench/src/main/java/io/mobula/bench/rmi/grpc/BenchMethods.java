package io.mobula.bench.rmi.grpc;

import io.grpc.MethodDescriptor;
import io.mobula.bench.rmi.PayloadSpec;
import java.util.EnumMap;
import java.util.Map;

/**
 * The unary methods of the benchmark service {@value #SERVICE}, the equivalent of this .proto service:
 *
 * <pre>
 *   rpc Null(Empty) returns (Empty);             // void ping()
 *   rpc Echo_TREE(Node) returns (Node);          // obj ping(obj), one per payload kind
 *   rpc Send_TREE(Node) returns (Empty);         // void ping(obj), the throughput call
 *   rpc Last_TREE(Empty) returns (Node);         // what the last Send_TREE delivered (validation only)
 * </pre>
 *
 * The message of each {@link PayloadSpec.Kind} is given by {@link #layout}; the {@code null} payload is
 * {@link Empty}.
 */
final class BenchMethods {
    static final String SERVICE = "mobula.bench.Bench";

    static final ProtoMarshaller<Empty> EMPTY = new ProtoMarshaller<>(new EmptyLayout());
    static final MethodDescriptor<Empty, Empty> NULL_CALL = unary("Null", EMPTY, EMPTY);

    private static final Map<PayloadSpec.Kind, MethodDescriptor<Object, Object>> ECHO =
            new EnumMap<>(PayloadSpec.Kind.class);
    private static final Map<PayloadSpec.Kind, MethodDescriptor<Object, Empty>> SEND =
            new EnumMap<>(PayloadSpec.Kind.class);
    private static final Map<PayloadSpec.Kind, MethodDescriptor<Empty, Object>> LAST =
            new EnumMap<>(PayloadSpec.Kind.class);

    static {
        for (PayloadSpec.Kind k : PayloadSpec.Kind.values()) {
            ProtoMarshaller<Object> m = new ProtoMarshaller<>(layout(k));
            ECHO.put(k, unary("Echo_" + k.name(), m, m));
            SEND.put(k, unary("Send_" + k.name(), m, EMPTY));
            LAST.put(k, unary("Last_" + k.name(), EMPTY, m));
        }
    }

    private BenchMethods() { }

    /** The message layout of a payload kind; its Java type is the payload's ({@link Empty} for null). */
    @SuppressWarnings("unchecked")
    static ProtoLayout<Object> layout(PayloadSpec.Kind kind) {
        ProtoLayout<?> l = switch (kind) {
            case NULL -> new EmptyLayout();
            case BYTES -> new BytesLayout();
            case INTS -> new IntsLayout();
            case FLOATS -> new FloatsLayout();
            case DOUBLES -> new DoublesLayout();
            case INT4 -> new Int4Layout();
            case INT32 -> new Ints32Layout();
            case INT4_NULL2 -> new Int4Null2Layout();
            case TREE -> new TreeLayout();
        };
        return (ProtoLayout<Object>) l;
    }

    static MethodDescriptor<Object, Object> echo(PayloadSpec.Kind kind) {
        return ECHO.get(kind);
    }

    static MethodDescriptor<Object, Empty> send(PayloadSpec.Kind kind) {
        return SEND.get(kind);
    }

    static MethodDescriptor<Empty, Object> last(PayloadSpec.Kind kind) {
        return LAST.get(kind);
    }

    /** The message a payload value travels as: itself, or {@link Empty} for {@code null}. */
    static Object toMessage(Object payload) {
        return payload == null ? Empty.INSTANCE : payload;
    }

    /** Inverse of {@link #toMessage}. */
    static Object fromMessage(Object message) {
        return message == Empty.INSTANCE ? null : message;
    }

    private static <Q, R> MethodDescriptor<Q, R> unary(String method, MethodDescriptor.Marshaller<Q> req,
            MethodDescriptor.Marshaller<R> resp) {
        return MethodDescriptor.<Q, R>newBuilder()
                .setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, method))
                .setRequestMarshaller(req)
                .setResponseMarshaller(resp)
                .build();
    }
}
