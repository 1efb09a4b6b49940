package io.mobula.gmi.spi;

import io.mobula.gmi.GroupInterface;
import io.mobula.pool.spi.OperationStub;

/**
 * Base class of generated group stubs ({@code X_MobulaGroupStub}): a group reference (thesis 5.2.1). Each method
 * fills its parameter vector and calls the typed helper of {@link OperationStub} ({@code callInt}, ...), which hands
 * it to the {@link GroupInvoker}; that runs the method's configured schemes. Where a scheme yields no result the
 * helper returns the type's default value (0, false, null).
 */
public abstract class GroupStub extends OperationStub implements GroupInterface {
    /** The runtime side of this reference. */
    protected final GroupInvoker invoker;

    /** For generated stubs; the runtime creates them. */
    protected GroupStub(GroupInvoker invoker) {
        super(invoker);
        this.invoker = invoker;
    }

    /** The runtime side, for the runtime. */
    public final GroupInvoker invoker() {
        return invoker;
    }

    @Override
    public String toString() {
        return "GroupStub[" + invoker.describe() + "]";
    }
}
