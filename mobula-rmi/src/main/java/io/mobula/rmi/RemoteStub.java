package io.mobula.rmi;

import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * Base class of generated stubs ({@code p.Iface_MobulaStub}). A stub implements the remote interface by sending
 * calls through its {@link RemoteRef}; passed as an argument or result, it travels as its reference (remote objects
 * go by reference, java.rmi semantics). Two stubs are equal when they refer to the same remote object.
 */
public abstract class RemoteStub implements Remote, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The reference calls go through. */
    protected final transient RemoteRef ref;

    protected RemoteStub(RemoteRef ref) {
        this.ref = ref;
    }

    /** The reference of a stub. */
    public static RemoteRef refOf(RemoteStub stub) {
        return stub.ref;
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof RemoteStub s && s.ref.equals(ref);
    }

    @Override
    public final int hashCode() {
        return ref.hashCode();
    }

    @Override
    public String toString() {
        return "Stub[" + ref + "]";
    }
}
