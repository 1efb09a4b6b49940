package io.mobula.repmi.spi;

import io.mobula.pool.spi.OperationStub;
import io.mobula.repmi.Root;
import java.io.Serial;
import java.io.Serializable;

/**
 * Base class of generated replication references ({@code X_MobulaCloudStub}, thesis 4.3). Each method runs locally as
 * a read (arguments and result copied, thesis 4.2.2 "Preventing direct access") when the root class's classification
 * says so, restarting as a write if the read reaches a write; otherwise it runs as a write through the total order,
 * through the typed helper of {@link OperationStub} ({@code callInt}, ...) with its parameter record, which hands it to
 * the {@link CloudHandle}. A reference travels by value as the cloud's name and arrives as the receiving process's own
 * reference.
 */
public abstract class CloudStub extends OperationStub implements Root, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The runtime side of this reference. */
    protected final transient CloudHandle handle;

    /** For generated stubs; the runtime creates them. */
    protected CloudStub(CloudHandle handle) {
        super(handle);
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

    @Override
    public String toString() {
        return "CloudStub[" + handle.describe() + "]";
    }
}
