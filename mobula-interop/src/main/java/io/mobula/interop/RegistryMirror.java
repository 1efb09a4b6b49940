package io.mobula.interop;

import io.mobula.rmi.RegistryListener;
import java.lang.System.Logger.Level;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Keeps a standard registry showing the names of this process's Mobula registry, each bound to the standard stub
 * of its object's gateway. It holds the gateways of bound names: java.rmi holds an exported object only weakly until
 * a remote client holds its stub, and binding in a registry of the same process is no remote reference.
 */
final class RegistryMirror implements RegistryListener {
    private static final System.Logger LOG = System.getLogger(RegistryMirror.class.getName());
    private final java.rmi.registry.Registry standard;
    private final java.util.Map<String, Remote> held = new java.util.concurrent.ConcurrentHashMap<>();

    RegistryMirror(java.rmi.registry.Registry standard) {
        this.standard = standard;
    }

    @Override
    public void bound(String name, Remote obj) {
        try {
            Remote stub = Gateways.get().stubFor(obj);
            standard.rebind(name, stub);
            Remote gateway = Gateways.get().gatewayOf(stub);
            if (gateway != null) {
                held.put(name, gateway);
            }
        } catch (RemoteException | IllegalArgumentException e) {
            LOG.log(Level.WARNING, "plain java.rmi clients cannot look up " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void unbound(String name) {
        held.remove(name);
        try {
            standard.unbind(name);
        } catch (NotBoundException gone) {
            // was never mirrored (it could not be)
        } catch (RemoteException e) {
            LOG.log(Level.WARNING, "the standard registry failed to unbind " + name, e);
        }
    }
}
