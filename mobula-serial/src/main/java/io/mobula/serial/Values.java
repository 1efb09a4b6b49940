package io.mobula.serial;

import java.io.IOException;

/** Boxed value encoding by declared type, the same rule as {@link FieldIO} (used by records). */
final class Values {
    private Values() {}

    static void write(SerialWriter out, Class<?> t, Object v) throws IOException {
        if (!t.isPrimitive()) {
            if (t == String.class) {
                out.writeString((String) v);
            } else if (WireFormat.impliedType(t)) {
                out.writeFinal(v, t);
            } else {
                out.writeObject(v);
            }
        } else if (t == int.class) {
            out.writeInt((Integer) v);
        } else if (t == long.class) {
            out.writeLong((Long) v);
        } else if (t == double.class) {
            out.writeDouble((Double) v);
        } else if (t == boolean.class) {
            out.writeBoolean((Boolean) v);
        } else if (t == byte.class) {
            out.writeByte((Byte) v);
        } else if (t == short.class) {
            out.writeShort((Short) v);
        } else if (t == char.class) {
            out.writeChar((Character) v);
        } else {
            out.writeFloat((Float) v);
        }
    }

    static Object read(SerialReader in, Class<?> t) throws IOException {
        if (!t.isPrimitive()) {
            return t == String.class ? in.readString() : in.readObject(t);
        } else if (t == int.class) {
            return in.readInt();
        } else if (t == long.class) {
            return in.readLong();
        } else if (t == double.class) {
            return in.readDouble();
        } else if (t == boolean.class) {
            return in.readBoolean();
        } else if (t == byte.class) {
            return in.readByte();
        } else if (t == short.class) {
            return in.readShort();
        } else if (t == char.class) {
            return in.readChar();
        }
        return in.readFloat();
    }
}
