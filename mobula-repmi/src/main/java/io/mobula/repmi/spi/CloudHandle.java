package io.mobula.repmi.spi;

import io.mobula.pool.spi.OperationStub;

/** The runtime side of a replication reference, which generated stubs call. */
public interface CloudHandle extends OperationStub.Operations {
    /** Whether method {@code method} of the root interface runs as a read on this cloud's root class. */
    boolean isRead(int method);

    /** The local replica's root, for a read. */
    Object root();

    /** Marks this thread as running a read; returns what {@link #endRead} restores. */
    Object beginRead();

    /** Ends a read begun with {@link #beginRead}. */
    void endRead(Object token);

    /**
     * Runs a write: its parameters are broadcast in the total order of all writes, applied on every replica, and the
     * local replica's result is returned.
     *
     * @return the local result (boxed if primitive), null for void
     * @throws Throwable what the method threw on the local replica, or a CloudException
     */
    Object write(int method, Object parameters) throws Throwable;

    /** The operation of a {@link CloudStub}: a {@link #write} (its reads run on the local replica, not here). */
    @Override
    default Object run(int method, Object arguments) throws Throwable {
        return write(method, arguments);
    }

    /** The cloud's name, which a replication reference travels as. */
    String name();
}
