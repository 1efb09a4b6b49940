package io.mobula.rmi;

import java.rmi.Remote;

/**
 * Sees every change to this process's registry (a bridge mirrors the names into a registry of another protocol).
 * Called on the thread that changed the binding, after the change; must not block. Not for applications.
 *
 * @see RegistryAccess#addListener(RegistryListener)
 */
public interface RegistryListener {
    /** {@code name} is now bound to {@code obj} (a bind or a rebind). */
    void bound(String name, Remote obj);

    /** {@code name} is no longer bound (an unbind, or the registry was unexported). */
    void unbound(String name);
}
