package io.mobula.rmi.registry;

import io.mobula.rmi.RegistryAccess;
import java.rmi.RemoteException;

/**
 * Shaped like {@code java.rmi.registry.LocateRegistry}: creates the registry of this process or returns a stub for
 * another's. One registry per process (as in KaRMI).
 */
public final class LocateRegistry {
    private static Registry local;
    private static int localPort;

    private LocateRegistry() {
    }

    /**
     * The port {@code getRegistry} uses when none is given: {@link Registry#REGISTRY_PORT}, or the system property
     * {@code mobula.registry.port} (so a ported program can find a registry on another port unchanged).
     */
    public static int defaultPort() {
        return Integer.getInteger("mobula.registry.port", Registry.REGISTRY_PORT);
    }

    /** A stub for the registry at 127.0.0.1 on the default port. */
    public static Registry getRegistry() throws RemoteException {
        return getRegistry("127.0.0.1", defaultPort());
    }

    /** A stub for the registry at 127.0.0.1:{@code port}. */
    public static Registry getRegistry(int port) throws RemoteException {
        return getRegistry("127.0.0.1", port);
    }

    /** A stub for the registry at {@code host} on the default port ({@link #defaultPort()}). */
    public static Registry getRegistry(String host) throws RemoteException {
        return getRegistry(host, defaultPort());
    }

    /**
     * A stub for the registry at {@code host:port}. Nothing is contacted until the first call, as in java.rmi.
     */
    public static Registry getRegistry(String host, int port) throws RemoteException {
        return (Registry) RegistryAccess.stub(Registry.class, host == null ? "127.0.0.1" : host,
                port <= 0 ? defaultPort() : port);
    }

    /**
     * Creates and exports this process's registry on {@code port} (0: an ephemeral port, see {@link #localPort()}).
     *
     * @throws java.rmi.server.ExportException when this process already has one or the port is taken
     */
    public static synchronized Registry createRegistry(int port) throws RemoteException {
        if (local != null) {
            throw new java.rmi.server.ExportException("this process already has a registry, on port " + localPort);
        }
        RegistryImpl impl = new RegistryImpl();
        localPort = RegistryAccess.export(impl, port);
        local = impl;
        return impl;
    }

    /** The port of this process's registry, or 0 if it has none. */
    public static synchronized int localPort() {
        return localPort;
    }
}
