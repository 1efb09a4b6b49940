package io.mobula.serial;

import java.io.EOFException;
import java.io.IOException;
import java.io.NotActiveException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * The {@link ObjectInputStream} handed to a class's private readObject hook and to
 * {@code Externalizable.readExternal}; the mirror of {@link HookOutput}. Reads are bounds-checked by the
 * {@link SerialReader}; running off the end of the message is a {@link SerialException}.
 */
final class HookInput extends ObjectInputStream {
    private final SerialReader in;
    private Object current;
    private FallbackObject.Level level;

    HookInput(SerialReader in) throws IOException {
        super();
        this.in = in;
    }

    Object enter(Object obj, FallbackObject.Level l) {
        Object[] saved = {current, level};
        current = obj;
        level = l;
        return saved;
    }

    void exit(Object saved) {
        Object[] s = (Object[]) saved;
        current = s[0];
        level = (FallbackObject.Level) s[1];
    }

    private FallbackObject.Level active() throws NotActiveException {
        if (level == null) {
            throw new NotActiveException("not inside a readObject hook");
        }
        return level;
    }

    @Override
    public void defaultReadObject() throws IOException {
        FallbackObject.Level l = active();
        try {
            l.readFields(in, current);
        } catch (Throwable t) {
            throw Fallback.rethrow(t);
        }
    }

    @Override
    public GetField readFields() throws IOException {
        FallbackObject.Level l = active();
        Object[] values = new Object[l.fields.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = l.fields[i].readValue(in);
        }
        return new GetFieldImpl(l, values);
    }

    @Override
    protected Object readObjectOverride() throws IOException {
        return in.readObject();
    }

    @Override
    public Object readUnshared() throws IOException {
        return in.readObject();
    }

    @Override
    public int read() throws IOException {
        if (in.remaining() == 0) {
            return -1;
        }
        return in.readByte() & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n = Math.min(len, in.remaining());
        if (n == 0) {
            return -1;
        }
        for (int i = 0; i < n; i++) {
            b[off + i] = in.readByte();
        }
        return n;
    }

    @Override
    public int available() {
        return in.remaining();
    }

    @Override
    public void close() {
        // the reader outlives the hook
    }

    @Override
    public boolean readBoolean() throws IOException {
        return in.readBoolean();
    }

    @Override
    public byte readByte() throws IOException {
        return in.readByte();
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return in.readByte() & 0xFF;
    }

    @Override
    public char readChar() throws IOException {
        return in.readChar();
    }

    @Override
    public short readShort() throws IOException {
        return in.readShort();
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return in.readShort() & 0xFFFF;
    }

    @Override
    public int readInt() throws IOException {
        return in.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return in.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        return in.readFloat();
    }

    @Override
    public double readDouble() throws IOException {
        return in.readDouble();
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        if (len > in.remaining()) {
            throw new SerialException("truncated input: readFully of " + len + " bytes, " + in.remaining() + " left");
        }
        for (int i = 0; i < len; i++) {
            b[off + i] = in.readByte();
        }
    }

    @Override
    public int skipBytes(int len) throws IOException {
        int n = Math.max(0, Math.min(len, in.remaining()));
        for (int i = 0; i < n; i++) {
            in.readByte();
        }
        return n;
    }

    @Override
    @Deprecated
    public String readLine() throws IOException {
        throw new IOException("readLine is not supported");
    }

    @Override
    public String readUTF() throws IOException {
        String s = in.readString();
        if (s == null) {
            throw new EOFException("null string where readUTF expected one");
        }
        return s;
    }

    /** GetField over the values of one level, read eagerly in defaultReadObject order. */
    private static final class GetFieldImpl extends GetField {
        private final FallbackObject.Level level;
        private final Object[] values;

        GetFieldImpl(FallbackObject.Level level, Object[] values) {
            this.level = level;
            this.values = values;
        }

        private Object value(String name) {
            int i = level.indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("no serializable field " + name + " in " + level.cls.getName());
            }
            return values[i];
        }

        @Override
        public ObjectStreamClass getObjectStreamClass() {
            return ObjectStreamClass.lookupAny(level.cls);
        }

        @Override
        public boolean defaulted(String name) {
            value(name);
            return false;
        }

        @Override
        public boolean get(String name, boolean val) {
            return (Boolean) value(name);
        }

        @Override
        public byte get(String name, byte val) {
            return (Byte) value(name);
        }

        @Override
        public char get(String name, char val) {
            return (Character) value(name);
        }

        @Override
        public short get(String name, short val) {
            return (Short) value(name);
        }

        @Override
        public int get(String name, int val) {
            return (Integer) value(name);
        }

        @Override
        public long get(String name, long val) {
            return (Long) value(name);
        }

        @Override
        public float get(String name, float val) {
            return (Float) value(name);
        }

        @Override
        public double get(String name, double val) {
            return (Double) value(name);
        }

        @Override
        public Object get(String name, Object val) {
            return value(name);
        }
    }
}
