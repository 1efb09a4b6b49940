package io.mobula.rmi.registry;

import io.mobula.rmi.RegistryAccess;
import io.mobula.rmi.Rmi;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Collection;

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
     * A stub for the registry at {@code host:port} (host null or empty: 127.0.0.1; port 0 or less: the default
     * port). Nothing is contacted until the first call, as in java.rmi.
     */
    public static Registry getRegistry(String host, int port) throws RemoteException {
        return getRegistry(host, port, null);
    }

    /**
     * A stub for the registry at {@code host:port} whose calls go over sockets {@code csf} makes (null: plain
     * sockets), for a registry created with {@link #createRegistry(int, RMIClientSocketFactory,
     * RMIServerSocketFactory)}.
     */
    public static Registry getRegistry(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        return (Registry) RegistryAccess.stub(Registry.class, host == null || host.isEmpty() ? "127.0.0.1" : host,
                port <= 0 ? defaultPort() : port, csf);
    }

    /**
     * Creates and exports this process's registry on {@code port} (0: an ephemeral port, see {@link #localPort()}).
     * Once it is unexported ({@code UnicastRemoteObject.unexportObject(registry, true)}) a new one may be created,
     * on the same port too. As in java.rmi, only callers on this host may bind, rebind and unbind; the system
     * property {@code mobula.registry.allowRemoteBind} trusts other hosts too: a comma-separated list of host names
     * or addresses, or {@code true} (or {@code *}) for every host.
     *
     * @throws java.rmi.server.ExportException when this process already has one or the port is taken
     */
    public static Registry createRegistry(int port) throws RemoteException {
        return createRegistry(port, null, null);
    }

    /**
     * Creates and exports this process's registry on {@code port}, on sockets the factories make (see
     * {@code io.mobula.rmi.Rmi.export(Remote, int, RMIClientSocketFactory, RMIServerSocketFactory)}); clients reach
     * it with {@link #getRegistry(String, int, RMIClientSocketFactory)}. Binders as for {@link #createRegistry(int)}.
     *
     * @throws java.rmi.server.ExportException when this process already has one or the server socket cannot be made
     */
    public static Registry createRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        return create(port, csf, ssf, RegistryImpl.remoteBindersFromSystemProperty());
    }

    /**
     * As {@link #createRegistry(int)}, trusting the hosts {@code remoteBinders} names (host names or addresses,
     * resolved now; {@code "*"} for every host) to bind, rebind and unbind besides this host's callers, whatever
     * {@code mobula.registry.allowRemoteBind} says.
     *
     * @throws IllegalArgumentException when a host name cannot be resolved
     */
    public static Registry createRegistry(int port, Collection<String> remoteBinders) throws RemoteException {
        return create(port, null, null, remoteBinders);
    }

    private static synchronized Registry create(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
                                                Collection<String> remoteBinders) throws RemoteException {
        if (local != null && Rmi.isExported(local)) {
            throw new java.rmi.server.ExportException("this process already has a registry, on port " + localPort);
        }
        local = null;
        localPort = 0;
        RegistryImpl impl = new RegistryImpl(remoteBinders);
        localPort = RegistryAccess.export(impl, port, csf, ssf);
        local = impl;
        return impl;
    }

    /** The port of this process's registry, or 0 if it has none. */
    public static synchronized int localPort() {
        return local != null && Rmi.isExported(local) ? localPort : 0;
    }
}
