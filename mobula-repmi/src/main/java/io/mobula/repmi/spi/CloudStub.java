package io.mobula.repmi.spi;

import io.mobula.repmi.Root;
import java.io.Serial;
import java.io.Serializable;

/**
 * Base class of generated replication references ({@code X_MobulaCloudStub}, thesis 4.3). Each method runs locally as
 * a read (arguments and result copied, thesis 4.2.2 "Preventing direct access") when the root class's classification
 * says so, restarting as a write if the read reaches a write; otherwise it runs as a write through the total order.
 * A reference travels by value as the cloud's name and arrives as the receiving process's own reference.
 */
public abstract class CloudStub implements Root, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The runtime side of this reference. */
    protected final transient CloudHandle handle;

    /** For generated stubs; the runtime creates them. */
    protected CloudStub(CloudHandle handle) {
        this.handle = handle;
    }

    /** The runtime side, for the runtime. */
    public final CloudHandle handle() {
        return handle;
    }

    /** A replication reference travels as its cloud's name. */
    @Serial
    protected final Object writeReplace() {
        return CloudValues.reference(handle.name());
    }

    /** A copy of {@code value} for a read's argument or result: immutable values as they are, others deep-copied. */
    protected static <T> T copy(T value) {
        return CloudValues.copy(value);
    }

    /**
     * Runs a write with a reference result.
     *
     * @throws Throwable what it threw
     */
    @SuppressWarnings("unchecked")
    protected final <T> T writeObject(int method, Object parameters) throws Throwable {
        return (T) handle.write(method, parameters);
    }

    /**
     * Runs a write of a void method.
     *
     * @throws Throwable what it threw
     */
    protected final void writeVoid(int method, Object parameters) throws Throwable {
        handle.write(method, parameters);
    }

    /**
     * Runs a write with a {@code boolean} result.
     *
     * @throws Throwable what it threw
     */
    protected final boolean writeBoolean(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? false : (Boolean) r;
    }

    /**
     * Runs a write with a {@code byte} result.
     *
     * @throws Throwable what it threw
     */
    protected final byte writeByte(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0 : (Byte) r;
    }

    /**
     * Runs a write with a {@code char} result.
     *
     * @throws Throwable what it threw
     */
    protected final char writeChar(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0 : (Character) r;
    }

    /**
     * Runs a write with a {@code short} result.
     *
     * @throws Throwable what it threw
     */
    protected final short writeShort(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0 : (Short) r;
    }

    /**
     * Runs a write with a {@code int} result.
     *
     * @throws Throwable what it threw
     */
    protected final int writeInt(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0 : (Integer) r;
    }

    /**
     * Runs a write with a {@code long} result.
     *
     * @throws Throwable what it threw
     */
    protected final long writeLong(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0L : (Long) r;
    }

    /**
     * Runs a write with a {@code float} result.
     *
     * @throws Throwable what it threw
     */
    protected final float writeFloat(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0f : (Float) r;
    }

    /**
     * Runs a write with a {@code double} result.
     *
     * @throws Throwable what it threw
     */
    protected final double writeDouble(int method, Object parameters) throws Throwable {
        Object r = handle.write(method, parameters);
        return r == null ? 0d : (Double) r;
    }

    @Override
    public String toString() {
        return "CloudStub[" + handle.describe() + "]";
    }
}
