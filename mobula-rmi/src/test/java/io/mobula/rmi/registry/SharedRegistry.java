package io.mobula.rmi.registry;

import java.rmi.RemoteException;

/** One registry per process (as in KaRMI): the tests of this JVM share it. */
public final class SharedRegistry {
    private SharedRegistry() {
    }

    public static synchronized int port() throws RemoteException {
        if (LocateRegistry.localPort() == 0) {
            LocateRegistry.createRegistry(0);
        }
        return LocateRegistry.localPort();
    }
}
