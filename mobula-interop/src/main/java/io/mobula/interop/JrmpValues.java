package io.mobula.interop;

import java.lang.reflect.Array;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The conversions at the edge between the two protocols. Toward plain peers, every remote object that is not a
 * standard stub travels as the standard stub of its gateway; from plain peers, a standard stub of one of this
 * process's gateways becomes its object again, and any other standard stub is wrapped so Mobula code can pass its
 * own objects to it. Remote objects directly in the arguments or result, or in an array of a remote type, are
 * converted; remote objects nested inside by-value objects are not (docs/INTEROP.md).
 */
final class JrmpValues {
    private JrmpValues() {
    }

    /** One direction's conversion of a single value. */
    private interface Conversion {
        Object apply(Object v) throws RemoteException;
    }

    /** A value about to be sent to a plain java.rmi peer. */
    static Object toJrmp(Object v) throws RemoteException {
        if (v instanceof Remote r) {
            if (JrmpStubs.isJrmpStub(r)) {
                return r;
            }
            Remote inner = OutboundHandler.unwrap(r);
            if (inner != null) {
                return inner;
            }
            return Gateways.get().stubFor(r);
        }
        return remoteArray(v, JrmpValues::toJrmp);
    }

    /** A value received from a plain java.rmi peer. */
    static Object fromJrmp(Object v) throws RemoteException {
        if (v instanceof Remote r && JrmpStubs.isJrmpStub(r)) {
            Object own = Gateways.get().targetOf(r);
            return own != null ? own : OutboundHandler.wrap(r);
        }
        return remoteArray(v, JrmpValues::fromJrmp);
    }

    /** Arguments about to be sent to a plain peer; the array given when nothing changes. */
    static Object[] toJrmp(Object[] args) throws RemoteException {
        return each(args, JrmpValues::toJrmp);
    }

    /** Arguments received from a plain peer; the array given when nothing changes. */
    static Object[] fromJrmp(Object[] args) throws RemoteException {
        return each(args, JrmpValues::fromJrmp);
    }

    /** An array of a remote interface type with each element converted; anything else as it is. */
    private static Object remoteArray(Object v, Conversion c) throws RemoteException {
        if (v instanceof Object[] a && Remote.class.isAssignableFrom(a.getClass().getComponentType())) {
            Object[] out = (Object[]) Array.newInstance(a.getClass().getComponentType(), a.length);
            for (int i = 0; i < a.length; i++) {
                out[i] = c.apply(a[i]);
            }
            return out;
        }
        return v;
    }

    private static Object[] each(Object[] args, Conversion c) throws RemoteException {
        if (args == null) {
            return null;
        }
        Object[] out = args;
        for (int i = 0; i < args.length; i++) {
            Object converted = c.apply(args[i]);
            if (converted != args[i]) {
                if (out == args) {
                    out = args.clone();
                }
                out[i] = converted;
            }
        }
        return out;
    }
}
