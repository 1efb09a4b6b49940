package io.mobula.pool.spi;

import java.util.Objects;

/**
 * Base class of the references the annotation processor generates for the layers above pools: GMI's group stubs
 * ({@code X_MobulaGroupStub}, thesis 5.2.1) and RepMI's replication references ({@code X_MobulaCloudStub}, thesis
 * 4.3), through their layer's base ({@code GroupStub}, {@code CloudStub}). A generated method gathers its arguments
 * in one object (a parameter vector, a write's parameter record) and calls the typed helper of its result type with
 * its method number; the helper hands both to the runtime's side of the reference ({@link Operations}) and returns
 * what it gave back as the method's type: unboxed for a primitive, the type's default value (0, false) where the
 * runtime gives no result (null), as a group scheme that yields none does. No reflection: one interface call.
 */
public abstract class OperationStub {
    /** The runtime side of a reference: runs one operation (a group invocation, a replicated write). */
    public interface Operations {
        /**
         * Runs method {@code method} with {@code arguments}, gathered by the generated stub.
         *
         * @return the result (boxed if primitive), or null where there is none
         * @throws Throwable what the method (or the runtime) threw
         */
        Object run(int method, Object arguments) throws Throwable;

        /** A description of the reference's target, for {@code toString}. */
        String describe();
    }

    private final Operations operations;

    /** For the layers' bases of generated stubs. */
    protected OperationStub(Operations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    /**
     * Runs a {@code void} method.
     *
     * @throws Throwable what the operation threw
     */
    protected final void callVoid(int method, Object arguments) throws Throwable {
        operations.run(method, arguments);
    }

    /**
     * Runs a method with a reference result.
     *
     * @throws Throwable what the operation threw
     */
    @SuppressWarnings("unchecked")
    protected final <T> T callObject(int method, Object arguments) throws Throwable {
        return (T) operations.run(method, arguments);
    }

    /**
     * Runs method {@code method} with a {@code boolean} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final boolean callBoolean(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? false : (Boolean) r;
    }

    /**
     * Runs method {@code method} with a {@code byte} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final byte callByte(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0 : (Byte) r;
    }

    /**
     * Runs method {@code method} with a {@code char} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final char callChar(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0 : (Character) r;
    }

    /**
     * Runs method {@code method} with a {@code short} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final short callShort(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0 : (Short) r;
    }

    /**
     * Runs method {@code method} with a {@code int} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final int callInt(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0 : (Integer) r;
    }

    /**
     * Runs method {@code method} with a {@code long} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final long callLong(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0L : (Long) r;
    }

    /**
     * Runs method {@code method} with a {@code float} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final float callFloat(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0f : (Float) r;
    }

    /**
     * Runs method {@code method} with a {@code double} result.
     *
     * @throws Throwable what the operation threw
     */
    protected final double callDouble(int method, Object arguments) throws Throwable {
        Object r = operations.run(method, arguments);
        return r == null ? 0d : (Double) r;
    }
}
