package io.mobula.serial;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * Reads and writes one field of the fallback path through method handles obtained once per class
 * (final fields included: setAccessible + unreflectSetter). Encoding rule shared with generated code:
 * primitives fixed-size, {@code String}-typed fields as values ({@code writeString}), other final declared
 * types with their type implied ({@code writeFinal}, see {@link WireFormat#impliedType}), lists of String or a
 * final element type with their element type implied ({@code writeList}, see {@link WireFormat#listElement}),
 * everything else polymorphic ({@code writeObject}); references are type-checked on read.
 */
abstract class FieldIO {
    final String name;
    final Class<?> type;
    final MethodHandle getter; // (Object)T exactly
    final MethodHandle setter; // (Object,T)void exactly

    private FieldIO(Field f, MethodHandles.Lookup lookup) throws IllegalAccessException {
        this.name = f.getName();
        this.type = f.getType();
        f.setAccessible(true);
        Class<?> t = type.isPrimitive() ? type : Object.class;
        this.getter = lookup.unreflectGetter(f).asType(MethodType.methodType(t, Object.class));
        this.setter = lookup.unreflectSetter(f).asType(MethodType.methodType(void.class, Object.class, t));
    }

    /** Fingerprint part: {@code name:descriptor}. */
    String part() {
        return name + ":" + type.descriptorString();
    }

    abstract void write(SerialWriter out, Object obj) throws Throwable;

    abstract void read(SerialReader in, Object obj) throws Throwable;

    /** Reads the wire value without storing it (for ObjectInputStream.readFields); boxed. */
    abstract Object readValue(SerialReader in) throws IOException;

    /** Writes a boxed value given through ObjectOutputStream.PutField. */
    abstract void writeValue(SerialWriter out, Object boxed) throws IOException;

    /** Default value for fields not put through PutField. */
    Object defaultValue() {
        return switch (type.descriptorString()) {
            case "Z" -> false;
            case "B" -> (byte) 0;
            case "S" -> (short) 0;
            case "C" -> (char) 0;
            case "I" -> 0;
            case "J" -> 0L;
            case "F" -> 0f;
            case "D" -> 0d;
            default -> null;
        };
    }

    void setBoxed(Object obj, Object value) throws Throwable {
        setter.invoke(obj, value);
    }

    static FieldIO of(Field f, MethodHandles.Lookup lookup) throws IllegalAccessException {
        Class<?> t = f.getType();
        if (t == int.class) {
            return new IntIO(f, lookup);
        } else if (t == long.class) {
            return new LongIO(f, lookup);
        } else if (t == double.class) {
            return new DoubleIO(f, lookup);
        } else if (t == boolean.class) {
            return new BooleanIO(f, lookup);
        } else if (t == byte.class) {
            return new ByteIO(f, lookup);
        } else if (t == short.class) {
            return new ShortIO(f, lookup);
        } else if (t == char.class) {
            return new CharIO(f, lookup);
        } else if (t == float.class) {
            return new FloatIO(f, lookup);
        } else if (t == String.class) {
            return new StringIO(f, lookup);
        }
        return new ObjectIO(f, lookup);
    }

    private static final class IntIO extends FieldIO {
        IntIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeInt((int) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readInt());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readInt();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeInt((Integer) v);
        }
    }

    private static final class LongIO extends FieldIO {
        LongIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeLong((long) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readLong());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readLong();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeLong((Long) v);
        }
    }

    private static final class DoubleIO extends FieldIO {
        DoubleIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeDouble((double) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readDouble());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readDouble();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeDouble((Double) v);
        }
    }

    private static final class FloatIO extends FieldIO {
        FloatIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeFloat((float) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readFloat());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readFloat();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeFloat((Float) v);
        }
    }

    private static final class BooleanIO extends FieldIO {
        BooleanIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeBoolean((boolean) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readBoolean());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readBoolean();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeBoolean((Boolean) v);
        }
    }

    private static final class ByteIO extends FieldIO {
        ByteIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeByte((byte) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readByte());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readByte();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeByte((Byte) v);
        }
    }

    private static final class ShortIO extends FieldIO {
        ShortIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeShort((short) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readShort());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readShort();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeShort((Short) v);
        }
    }

    private static final class CharIO extends FieldIO {
        CharIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeChar((char) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, in.readChar());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readChar();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeChar((Character) v);
        }
    }

    private static final class StringIO extends FieldIO {
        StringIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
        }

        void write(SerialWriter out, Object o) throws Throwable {
            out.writeString((String) (Object) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, (Object) in.readString());
        }

        Object readValue(SerialReader in) throws IOException {
            return in.readString();
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            out.writeString((String) v);
        }
    }

    private static final class ObjectIO extends FieldIO {
        private final Class<?> checked;
        private final Class<?> element;

        ObjectIO(Field f, MethodHandles.Lookup l) throws IllegalAccessException {
            super(f, l);
            this.checked = f.getType();
            this.element = WireFormat.listElement(checked, f.getGenericType());
        }

        void write(SerialWriter out, Object o) throws Throwable {
            Values.writeReference(out, checked, element, (Object) getter.invokeExact(o));
        }

        void read(SerialReader in, Object o) throws Throwable {
            setter.invokeExact(o, Values.readReference(in, checked, element));
        }

        Object readValue(SerialReader in) throws IOException {
            return Values.readReference(in, checked, element);
        }

        void writeValue(SerialWriter out, Object v) throws IOException {
            Values.writeReference(out, checked, element, v);
        }
    }
}
