package io.mobula.interop;

import io.mobula.rmi.RegistryListener;
import java.lang.System.Logger.Level;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Keeps a standard registry showing the names of this process's Mobula registry, each bound to the standard stub
 * of its object's gateway.
 */
final class RegistryMirror implements RegistryListener {
    private static final System.Logger LOG = System.getLogger(RegistryMirror.class.getName());
    private final java.rmi.registry.Registry standard;

    RegistryMirror(java.rmi.registry.Registry standard) {
        this.standard = standard;
    }

    @Override
    public void bound(String name, Remote obj) {
        try {
            standard.rebind(name, Gateways.get().stubFor(obj));
        } catch (RemoteException | IllegalArgumentException e) {
            LOG.log(Level.WARNING, "plain java.rmi clients cannot look up " + name + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void unbound(String name) {
        try {
            standard.unbind(name);
        } catch (NotBoundException gone) {
            // was never mirrored (it could not be)
        } catch (RemoteException e) {
            LOG.log(Level.WARNING, "the standard registry failed to unbind " + name, e);
        }
    }
}
