package io.mobula.gmi;

import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import java.io.IOException;

/**
 * The parameters of one invocation of one group method (thesis 5.3.1, Figure 5.10), read and written by index by
 * {@link Personalizer}s and invocation combiners. The annotation processor generates a subclass per method with a
 * typed field per parameter, so primitive values are not boxed and {@code writeSubArray} keeps a view of a range of
 * the caller's array that is serialized without a copy. Reading or writing a parameter with the wrong type throws
 * {@link IllegalArgumentException} naming the parameter's type. A vector handed out for writing must have every
 * parameter written before it is forwarded ({@link #isComplete}). Vectors travel by value through their generated
 * serializers (hence {@link java.io.Serializable}), never through Java serialization.
 */
public abstract class ParameterVector implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private transient long written;

    /** For generated subclasses. */
    protected ParameterVector() {
    }

    /** The number of parameters. */
    public abstract int size();

    /** The method, as {@code "void put(double[])"}. */
    public abstract String method();

    /** The declared type of parameter {@code p}, as in source. */
    protected abstract String parameterType(int p);

    /** Whether every parameter has been written (or read from the wire). */
    public final boolean isComplete() {
        int n = size();
        return written == (n == 64 ? -1L : (1L << n) - 1);
    }

    /** The indexes of parameters not written yet, for messages. */
    final String missing() {
        StringBuilder b = new StringBuilder();
        for (int p = 0; p < size(); p++) {
            if ((written & (1L << p)) == 0) {
                b.append(b.length() == 0 ? "" : ", ").append(p).append(" (").append(parameterType(p)).append(')');
            }
        }
        return b.toString();
    }

    /** Generated code: records that parameter {@code p} now has a value. */
    protected final void markWritten(int p) {
        written |= 1L << p;
    }

    /** Generated code: every parameter has a value (decoded from the wire or given by the caller). */
    protected final void markAllWritten() {
        int n = size();
        written = n == 64 ? -1L : (1L << n) - 1;
    }

    /** Generated code: the error for an access to parameter {@code p} as {@code asked}. */
    protected final IllegalArgumentException mismatch(int p, String asked) {
        if (p < 0 || p >= size()) {
            return new IllegalArgumentException(method() + " has no parameter " + p + " (it has " + size() + ")");
        }
        return new IllegalArgumentException("parameter " + p + " of " + method() + " is a " + parameterType(p)
                + ", not " + asked);
    }

    /**
     * SPI for generated serializers: writes the parameters.
     *
     * @throws IOException when a value cannot be serialized
     */
    public abstract void writeTo(SerialWriter out) throws IOException;

    /**
     * SPI for generated serializers: reads the parameters written by {@link #writeTo}.
     *
     * @throws IOException on malformed or refused input
     */
    public abstract void readFrom(SerialReader in) throws IOException;

    /** Parameter {@code p}, a {@code boolean}. */
    public boolean readBoolean(int p) {
        throw mismatch(p, "boolean");
    }

    /** Sets parameter {@code p}, a {@code boolean}. */
    public void write(int p, boolean value) {
        throw mismatch(p, "boolean");
    }

    /** Parameter {@code p}, a {@code byte}. */
    public byte readByte(int p) {
        throw mismatch(p, "byte");
    }

    /** Sets parameter {@code p}, a {@code byte}. */
    public void write(int p, byte value) {
        throw mismatch(p, "byte");
    }

    /** Parameter {@code p}, a {@code char}. */
    public char readChar(int p) {
        throw mismatch(p, "char");
    }

    /** Sets parameter {@code p}, a {@code char}. */
    public void write(int p, char value) {
        throw mismatch(p, "char");
    }

    /** Parameter {@code p}, a {@code short}. */
    public short readShort(int p) {
        throw mismatch(p, "short");
    }

    /** Sets parameter {@code p}, a {@code short}. */
    public void write(int p, short value) {
        throw mismatch(p, "short");
    }

    /** Parameter {@code p}, a {@code int}. */
    public int readInt(int p) {
        throw mismatch(p, "int");
    }

    /** Sets parameter {@code p}, a {@code int}. */
    public void write(int p, int value) {
        throw mismatch(p, "int");
    }

    /** Parameter {@code p}, a {@code long}. */
    public long readLong(int p) {
        throw mismatch(p, "long");
    }

    /** Sets parameter {@code p}, a {@code long}. */
    public void write(int p, long value) {
        throw mismatch(p, "long");
    }

    /** Parameter {@code p}, a {@code float}. */
    public float readFloat(int p) {
        throw mismatch(p, "float");
    }

    /** Sets parameter {@code p}, a {@code float}. */
    public void write(int p, float value) {
        throw mismatch(p, "float");
    }

    /** Parameter {@code p}, a {@code double}. */
    public double readDouble(int p) {
        throw mismatch(p, "double");
    }

    /** Sets parameter {@code p}, a {@code double}. */
    public void write(int p, double value) {
        throw mismatch(p, "double");
    }

    /** Parameter {@code p} as an object (a primitive one boxed). */
    public Object readObject(int p) {
        throw mismatch(p, "Object");
    }

    /** Sets parameter {@code p} (of a reference type, or a primitive one from its box). */
    public void write(int p, Object value) {
        throw mismatch(p, "Object");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, boolean[] value) {
        throw mismatch(p, "boolean[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, byte[] value) {
        throw mismatch(p, "byte[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, char[] value) {
        throw mismatch(p, "char[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, short[] value) {
        throw mismatch(p, "short[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, int[] value) {
        throw mismatch(p, "int[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, long[] value) {
        throw mismatch(p, "long[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, float[] value) {
        throw mismatch(p, "float[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, double[] value) {
        throw mismatch(p, "double[]");
    }

    /**
     * Sets array parameter {@code p} to {@code value[off .. off+len)}; a primitive range is serialized straight
     * from {@code value} (no copy), so leave that range unchanged until the invocation returns.
     */
    public void writeSubArray(int p, int off, int len, Object[] value) {
        throw mismatch(p, "Object[]");
    }
}
