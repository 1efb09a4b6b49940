package io.mobula.gmi.spi;

import io.mobula.gmi.ParameterVector;
import io.mobula.pool.spi.OperationStub;

/** The runtime side of a group reference, which generated stubs call; it applies each method's configuration. */
public interface GroupInvoker extends OperationStub.Operations {
    /**
     * Invokes method {@code method} on the group as it is configured.
     *
     * @return the result (boxed if primitive), or {@code null} where the scheme gives none
     * @throws Throwable what the member (or the combiner) threw, or a {@link io.mobula.gmi.GroupException}
     */
    Object invoke(int method, ParameterVector parameters) throws Throwable;

    /** The operation of a {@link GroupStub}: {@link #invoke} with the stub's parameter vector. */
    @Override
    default Object run(int method, Object arguments) throws Throwable {
        return invoke(method, (ParameterVector) arguments);
    }
}
