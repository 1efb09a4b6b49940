package io.mobula.rmi.registry;

import io.mobula.rmi.RegistryAccess;
import io.mobula.rmi.Rmi;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Shaped like {@code java.rmi.registry.LocateRegistry}: creates a registry in this process or returns a stub for
 * another's. A process may have several registries, one per port, as in java.rmi.
 */
public final class LocateRegistry {
    /** This process's registries by port, in the order they were created. */
    private static final Map<Integer, Registry> LOCAL = new LinkedHashMap<>();

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
     * Creates and exports a registry on {@code port} (0: the port of the process's objects, see
     * {@link #localPort()}); registries on other ports may be created beside it. Once it is unexported
     * ({@code UnicastRemoteObject.unexportObject(registry, true)}) a new one may be created on the same port. As in java.rmi, only callers on this host may bind, rebind and unbind; the system
     * property {@code mobula.registry.allowRemoteBind} trusts other hosts too: a comma-separated list of host names
     * or addresses, or {@code true} (or {@code *}) for every host.
     *
     * @throws java.rmi.server.ExportException when the port is taken (by another registry of this process too)
     */
    public static Registry createRegistry(int port) throws RemoteException {
        return createRegistry(port, null, null);
    }

    /**
     * Creates and exports a registry on {@code port}, on sockets the factories make (see
     * {@code io.mobula.rmi.Rmi.export(Remote, int, RMIClientSocketFactory, RMIServerSocketFactory)}); clients reach
     * it with {@link #getRegistry(String, int, RMIClientSocketFactory)}. Binders as for {@link #createRegistry(int)}.
     *
     * @throws java.rmi.server.ExportException when the port is taken or the server socket cannot be made
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
        LOCAL.values().removeIf(r -> !Rmi.isExported(r));
        if (port > 0 && LOCAL.containsKey(port)) { // java.rmi's words: the port's listener has a registry already
            throw new java.rmi.server.ExportException("internal error: ObjID already in use");
        }
        RegistryImpl impl = new RegistryImpl(remoteBinders);
        int at = RegistryAccess.export(impl, port, csf, ssf);
        LOCAL.put(at, impl);
        return impl;
    }

    /** The port of the first of this process's registries that is still exported, or 0 if it has none. */
    public static synchronized int localPort() {
        LOCAL.values().removeIf(r -> !Rmi.isExported(r));
        return LOCAL.isEmpty() ? 0 : LOCAL.keySet().iterator().next();
    }
}
