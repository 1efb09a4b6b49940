package io.mobula.bench.rmi;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The plain {@link DataOutput} encoding of a payload's fields: what the raw ping-pong baselines put on the wire
 * in place of a serialized object. A one-byte null/non-null tag per reference, a 4-byte length per array, then the
 * fields. No type information, no handles: it is the floor a serializer can approach, not a serializer.
 */
final class RawEncoding {
    private RawEncoding() { }

    static byte[] encode(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static int size(PayloadSpec spec) {
        return encode(spec.create()).length;
    }

    private static void write(DataOutput out, Object value) throws IOException {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        out.writeByte(1);
        switch (value) {
            case byte[] a -> {
                out.writeInt(a.length);
                out.write(a);
            }
            case int[] a -> {
                out.writeInt(a.length);
                for (int v : a) {
                    out.writeInt(v);
                }
            }
            case float[] a -> {
                out.writeInt(a.length);
                for (float v : a) {
                    out.writeFloat(v);
                }
            }
            case double[] a -> {
                out.writeInt(a.length);
                for (double v : a) {
                    out.writeDouble(v);
                }
            }
            case BenchObjects.Int4 o -> {
                out.writeInt(o.a);
                out.writeInt(o.b);
                out.writeInt(o.c);
                out.writeInt(o.d);
            }
            case io.mobula.bench.model.Ints32 o -> o.writeFields(out);
            case BenchObjects.Int4Null2 o -> {
                out.writeInt(o.a);
                out.writeInt(o.b);
                out.writeInt(o.c);
                out.writeInt(o.d);
                write(out, o.left);
                write(out, o.right);
            }
            case BenchObjects.Tree t -> {
                out.writeInt(t.a);
                out.writeInt(t.b);
                out.writeInt(t.c);
                out.writeInt(t.d);
                write(out, t.left);
                write(out, t.right);
            }
            default -> throw new IllegalArgumentException("no raw encoding for " + value.getClass().getName());
        }
    }
}
