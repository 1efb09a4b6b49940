package io.mobula.serial;

import java.io.IOException;

/** Boxed value encoding by declared type, the same rule as {@link FieldIO} (used by records). */
final class Values {
    private Values() {}

    /**
     * A reference of declared type {@code t}: String as a value, a final type implied, a list of the element type
     * {@code element} ({@link WireFormat#listElement}, null if none) with its elements implied, else polymorphic.
     */
    static void writeReference(SerialWriter out, Class<?> t, Class<?> element, Object v) throws IOException {
        if (t == String.class) {
            out.writeString((String) v);
        } else if (element != null) {
            out.writeList((java.util.Collection<?>) v, element);
        } else if (WireFormat.impliedType(t)) {
            out.writeFinal(v, t);
        } else {
            out.writeObject(v);
        }
    }

    /** Reads what {@link #writeReference} wrote, type-checked against {@code t}. */
    static Object readReference(SerialReader in, Class<?> t, Class<?> element) throws IOException {
        if (t == String.class) {
            return in.readString();
        }
        return element != null ? in.readList(t, element) : in.readObject(t);
    }

    static void write(SerialWriter out, Class<?> t, Class<?> element, Object v) throws IOException {
        if (!t.isPrimitive()) {
            writeReference(out, t, element, v);
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

    static Object read(SerialReader in, Class<?> t, Class<?> element) throws IOException {
        if (!t.isPrimitive()) {
            return readReference(in, t, element);
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
