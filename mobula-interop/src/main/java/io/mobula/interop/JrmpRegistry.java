package io.mobula.interop;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;

/**
 * Shaped like {@code java.rmi.registry.LocateRegistry.getRegistry}: a standard registry of plain java.rmi, as Mobula
 * code calls it. What it looks up comes back as standard stubs that accept Mobula objects as arguments (they travel
 * as standard stubs, so a plain server can call them back), and binding a Mobula object binds a stub plain clients
 * can call. {@code io.mobula.rmi.Naming.lookup("rmi://host:port/name")} finds a standard registry by itself.
 */
public final class JrmpRegistry {
    private JrmpRegistry() {
    }

    /** The standard registry at {@code host:port}; nothing is contacted until the first call, as in java.rmi. */
    public static Registry getRegistry(String host, int port) throws RemoteException {
        return (Registry) OutboundHandler.wrap(java.rmi.registry.LocateRegistry.getRegistry(host, port));
    }

    /**
     * A standard stub (from anywhere: a plain registry, a plain call's result) made callable with Mobula objects as
     * arguments. A stub already wrapped, or anything that is no standard stub, is returned as it is.
     */
    public static Remote wrap(Remote standardStub) {
        if (!JrmpStubs.isJrmpStub(standardStub)) {
            return standardStub;
        }
        return OutboundHandler.wrap(standardStub);
    }
}
