package io.mobula.gmi.spi;

import io.mobula.gmi.GroupInterface;
import io.mobula.gmi.ParameterVector;

/**
 * Base class of generated group stubs ({@code X_MobulaGroupStub}): a group reference (thesis 5.2.1). Each method
 * fills its parameter vector and calls the typed {@code invoke} helper, which runs the method's configured schemes.
 * Where a scheme yields no result the helper returns the type's default value (0, false, null).
 */
public abstract class GroupStub implements GroupInterface {
    /** The runtime side of this reference. */
    protected final GroupInvoker invoker;

    /** For generated stubs; the runtime creates them. */
    protected GroupStub(GroupInvoker invoker) {
        this.invoker = invoker;
    }

    /** The runtime side, for the runtime. */
    public final GroupInvoker invoker() {
        return invoker;
    }

    /**
     * Invokes a {@code void} method.
     *
     * @throws Throwable what the invocation threw
     */
    protected final void invokeVoid(int method, ParameterVector p) throws Throwable {
        invoker.invoke(method, p);
    }

    /**
     * Invokes a method with a reference result.
     *
     * @throws Throwable what the invocation threw
     */
    @SuppressWarnings("unchecked")
    protected final <T> T invokeObject(int method, ParameterVector p) throws Throwable {
        return (T) invoker.invoke(method, p);
    }

    /**
     * Invokes a method with a {@code boolean} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final boolean invokeBoolean(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? false : (Boolean) r;
    }

    /**
     * Invokes a method with a {@code byte} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final byte invokeByte(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0 : (Byte) r;
    }

    /**
     * Invokes a method with a {@code char} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final char invokeChar(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0 : (Character) r;
    }

    /**
     * Invokes a method with a {@code short} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final short invokeShort(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0 : (Short) r;
    }

    /**
     * Invokes a method with a {@code int} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final int invokeInt(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0 : (Integer) r;
    }

    /**
     * Invokes a method with a {@code long} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final long invokeLong(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0L : (Long) r;
    }

    /**
     * Invokes a method with a {@code float} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final float invokeFloat(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0f : (Float) r;
    }

    /**
     * Invokes a method with a {@code double} result.
     *
     * @throws Throwable what the invocation threw
     */
    protected final double invokeDouble(int method, ParameterVector p) throws Throwable {
        Object r = invoker.invoke(method, p);
        return r == null ? 0d : (Double) r;
    }

    @Override
    public String toString() {
        return "GroupStub[" + invoker.describe() + "]";
    }
}
