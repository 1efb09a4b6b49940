package io.mobula.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

/**
 * Test-only access to package-private parts of the RMI runtime, so processor tests can read a
 * {@link CallResult} and call generated stubs through the in-process short-cut (no network).
 */
public final class TestAccess {
    private TestAccess() {}

    public static String kind(CallResult r) {
        return r.kind.name();
    }

    public static long prim(CallResult r) {
        return r.prim;
    }

    public static Object obj(CallResult r) {
        return r.future != null ? r.future : r.obj;
    }

    /**
     * The NON_BLOCKING bits by method id the runtime uses when it exports an object of class {@code impl}
     * (null: none), as {@link RmiRuntime} computes them at export time.
     */
    public static int[] implementationFlags(Class<?> impl) throws RemoteException {
        return ImplementationFlagsLoader.flagsFor(impl,
                StubFactory.forInterface(StubFactory.remoteInterfacesOf(impl).get(0)).dispatcher);
    }

    /**
     * Exports {@code impl} in this JVM only (no listener) and returns a generated stub for {@code iface} whose
     * calls take the local channel: stub writes, dispatcher decodes, the result is copied back.
     */
    public static RemoteStub localStub(Remote impl, Class<?> iface) throws RemoteException {
        RmiRuntime rt = RmiRuntime.get();
        StubFactory f = StubFactory.forInterface(iface);
        long id = rt.exports.newId();
        RemoteRef ref = new RemoteRef(rt.vmId, id, List.of(), iface.getName(), f.dispatcher.interfaceHash(), impl);
        rt.exports.add(impl, rt.exports.new Exported(id, impl, List.of(f), ref, true, null));
        return f.newStub(ref);
    }
}
