package io.mobula.serial;

import java.io.IOException;
import java.io.NotActiveException;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;

/**
 * The {@link ObjectOutputStream} handed to a class's private writeObject hook and to
 * {@code Externalizable.writeExternal}: every call goes straight to the {@link SerialWriter} (no block
 * data, no second handle table). Built with the protected no-arg constructor, so the JDK's own stream
 * machinery stays unused. The hook must be matched by a readObject that reads exactly what was written.
 */
final class HookOutput extends ObjectOutputStream {
    private final SerialWriter out;
    private Object current;
    private FallbackObject.Level level;
    private PutFieldImpl putFields;

    HookOutput(SerialWriter out) throws IOException {
        super();
        this.out = out;
    }

    /** Sets the object and class level defaultWriteObject refers to; returns the previous context. */
    Object enter(Object obj, FallbackObject.Level l) {
        Object[] saved = {current, level, putFields};
        current = obj;
        level = l;
        putFields = null;
        return saved;
    }

    void exit(Object saved) {
        Object[] s = (Object[]) saved;
        current = s[0];
        level = (FallbackObject.Level) s[1];
        putFields = (PutFieldImpl) s[2];
    }

    private FallbackObject.Level active() throws NotActiveException {
        if (level == null) {
            throw new NotActiveException("not inside a writeObject hook");
        }
        return level;
    }

    @Override
    public void defaultWriteObject() throws IOException {
        FallbackObject.Level l = active();
        try {
            l.writeFields(out, current);
        } catch (Throwable t) {
            throw Fallback.rethrow(t);
        }
    }

    @Override
    public PutField putFields() throws IOException {
        FallbackObject.Level l = active();
        if (putFields == null) {
            putFields = new PutFieldImpl(l);
        }
        return putFields;
    }

    @Override
    public void writeFields() throws IOException {
        if (putFields == null) {
            throw new NotActiveException("writeFields without putFields");
        }
        putFields.writeTo(out);
    }

    @Override
    protected void writeObjectOverride(Object obj) throws IOException {
        out.writeObject(obj);
    }

    @Override
    public void writeUnshared(Object obj) throws IOException {
        out.writeObject(obj);
    }

    @Override
    public void reset() throws IOException {
        throw new IOException("reset() is not supported inside Mobula serialization");
    }

    @Override
    public void useProtocolVersion(int version) {
        // the Mobula wire format has one version
    }

    @Override
    public void write(int b) throws IOException {
        out.writeByte((byte) b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        for (int i = 0; i < len; i++) {
            out.writeByte(b[off + i]);
        }
    }

    @Override
    public void flush() {
        // nothing buffered here
    }

    @Override
    public void close() {
        // the writer outlives the hook
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        out.writeBoolean(v);
    }

    @Override
    public void writeByte(int v) throws IOException {
        out.writeByte((byte) v);
    }

    @Override
    public void writeShort(int v) throws IOException {
        out.writeShort((short) v);
    }

    @Override
    public void writeChar(int v) throws IOException {
        out.writeChar((char) v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        out.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        out.writeLong(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        out.writeFloat(v);
    }

    @Override
    public void writeDouble(double v) throws IOException {
        out.writeDouble(v);
    }

    @Override
    public void writeBytes(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            out.writeByte((byte) s.charAt(i));
        }
    }

    @Override
    public void writeChars(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            out.writeChar(s.charAt(i));
        }
    }

    @Override
    public void writeUTF(String s) throws IOException {
        if (s == null) {
            throw new NullPointerException("writeUTF(null)");
        }
        out.writeString(s);
    }

    /** PutField over the fields of one level; written in the same order as defaultWriteObject. */
    private static final class PutFieldImpl extends PutField {
        private final FallbackObject.Level level;
        private final Object[] values;

        PutFieldImpl(FallbackObject.Level level) {
            this.level = level;
            this.values = new Object[level.fields.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = level.fields[i].defaultValue();
            }
        }

        private void set(String name, Object v) {
            int i = level.indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("no serializable field " + name + " in " + level.cls.getName());
            }
            values[i] = v;
        }

        void writeTo(SerialWriter out) throws IOException {
            for (int i = 0; i < values.length; i++) {
                level.fields[i].writeValue(out, values[i]);
            }
        }

        @Override
        public void put(String name, boolean val) {
            set(name, val);
        }

        @Override
        public void put(String name, byte val) {
            set(name, val);
        }

        @Override
        public void put(String name, char val) {
            set(name, val);
        }

        @Override
        public void put(String name, short val) {
            set(name, val);
        }

        @Override
        public void put(String name, int val) {
            set(name, val);
        }

        @Override
        public void put(String name, long val) {
            set(name, val);
        }

        @Override
        public void put(String name, float val) {
            set(name, val);
        }

        @Override
        public void put(String name, double val) {
            set(name, val);
        }

        @Override
        public void put(String name, Object val) {
            set(name, val);
        }

        @Override
        @Deprecated
        public void write(ObjectOutput out) throws IOException {
            throw new IOException("PutField.write is not supported; use ObjectOutputStream.writeFields");
        }
    }
}
