package io.mobula.rmi;

import java.io.InvalidObjectException;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.Proxy;

/**
 * How a stub travels through Java serialization ({@code ObjectOutputStream}, {@code java.rmi.MarshalledObject}):
 * as its reference in Mobula's own encoding (docs/WIRE.md, "Remote references"), which reads back as a stub of the
 * same object, equal to the original, with the same rules as a reference received in a call (interfaces checked by
 * the class filter, the lease taken on first use). The handler of a multi-interface proxy stub travels the same way
 * and reads back as the handler of the rebuilt proxy, since Java serialization writes a proxy as its handler.
 */
final class StubJavaForm implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The reference, as one self-contained Mobula message. */
    private final byte[] reference;
    /** Whether it stands for a proxy stub's handler rather than the stub. */
    private final boolean handler;

    private StubJavaForm(byte[] reference, boolean handler) {
        this.reference = reference;
        this.handler = handler;
    }

    /** The form of {@code stub} (a generated stub, or a proxy stub's first stub when {@code handler}). */
    static StubJavaForm of(RemoteStub stub, boolean handler) throws ObjectStreamException {
        try {
            return new StubJavaForm(Rmi.serialization().toBytes(stub), handler);
        } catch (io.mobula.serial.SerialException e) {
            InvalidObjectException x = new InvalidObjectException("cannot write the reference of " + stub + ": "
                    + e.getMessage());
            x.initCause(e);
            throw x;
        }
    }

    @Serial
    private Object readResolve() throws ObjectStreamException {
        Object stub;
        try {
            stub = Rmi.serialization().fromBytes(reference);
        } catch (io.mobula.serial.SerialException | RuntimeException e) {
            InvalidObjectException x = new InvalidObjectException("cannot read a remote reference: " + e.getMessage());
            x.initCause(e);
            throw x;
        }
        if (!Stubs.isStub(stub)) {
            throw new InvalidObjectException("not a remote reference: " + (stub == null ? null : stub.getClass()));
        }
        if (!handler) {
            return stub;
        }
        if (!Proxy.isProxyClass(stub.getClass())) {
            throw new InvalidObjectException("the proxy stub " + stub + " cannot be rebuilt here: this process does"
                    + " not have all of its remote interfaces");
        }
        return Proxy.getInvocationHandler(stub);
    }
}
