package io.mobula.rmi;

import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;

/**
 * Base class of generated stubs ({@code p.Iface_MobulaStub}). A stub implements the remote interface by sending
 * calls through its {@link RemoteRef}; passed as an argument or result, it travels as its reference (remote objects
 * go by reference, java.rmi semantics). Two stubs are equal when they refer to the same remote object.
 *
 * <p>On the wire every stub is a {@code RemoteStub}: the type descriptor names this class, never the generated
 * one, and the body is the reference (docs/WIRE.md). An object with several remote interfaces is reached through a
 * {@link java.lang.reflect.Proxy} implementing all of them, which is a stub in every respect except that it is not
 * an instance of this class.
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

    /**
     * The reference of any kind of stub: a generated one or the proxy of an object with several remote interfaces;
     * null for anything else.
     */
    public static RemoteRef referenceOf(Object stub) {
        return Stubs.refOf(stub);
    }

    /**
     * Equal to another stub of the same remote object (remote equality), not to the object itself: as java.rmi's
     * stubs on JDK 5 and later (dynamic proxies), whose {@code equals} is true only for another stub.
     */
    @Override
    public final boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        RemoteRef r = Stubs.refOf(o);
        return r != null && r.equals(ref);
    }

    @Override
    public final int hashCode() {
        return ref.hashCode();
    }

    @Override
    public String toString() {
        return "Stub[" + ref + "]";
    }

    /**
     * Through Java serialization ({@code ObjectOutputStream}, {@code MarshalledObject}) a stub travels as its
     * reference and reads back as an equal stub, as java.rmi's stubs do. (Mobula's own serialization writes stubs
     * through the RMI runtime and never calls this.)
     */
    @Serial
    protected final Object writeReplace() throws java.io.ObjectStreamException {
        return StubJavaForm.of(this, false);
    }
}
