package io.mobula.rmi;

import io.mobula.serial.Fingerprint;
import io.mobula.transport.Endpoint;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.StubNotFoundException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What {@code io.mobula.rmi.registry} needs from the runtime: a registry lives under a well-known object id
 * (java.rmi's {@code ObjID.REGISTRY_ID}; here one per port), so a client can reach one knowing only its host and
 * port. Not for applications. The listeners follow the first registry the process created (until it is
 * unexported; then the next one created).
 */
public final class RegistryAccess {
    private static final System.Logger LOG = System.getLogger(RegistryAccess.class.getName());
    private static final List<RegistryListener> LISTENERS = new CopyOnWriteArrayList<>();
    /** The registry the listeners follow, or null. */
    private static volatile io.mobula.rmi.registry.Registry current;

    private RegistryAccess() {
    }

    /**
     * Adds a listener to this process's registry; it first sees the bindings the registry has now, if there is one.
     * A listener that throws is logged and kept.
     */
    public static synchronized void addListener(RegistryListener l) {
        LISTENERS.add(java.util.Objects.requireNonNull(l, "listener"));
        io.mobula.rmi.registry.Registry r = current;
        if (r != null) {
            try {
                for (String name : r.list()) {
                    try {
                        l.bound(name, r.lookup(name));
                    } catch (java.rmi.NotBoundException raced) {
                        // unbound since list(): the listener hears of it in turn
                    }
                }
            } catch (RemoteException local) {
                throw new IllegalStateException("the local registry failed", local);
            }
        }
    }

    /** Removes a listener added with {@link #addListener}. */
    public static void removeListener(RegistryListener l) {
        LISTENERS.remove(l);
    }

    /** Called by this process's registry after {@code name} was bound to {@code obj}. */
    public static void bound(Remote registry, String name, Remote obj) {
        if (registry != current) {
            return;
        }
        for (RegistryListener l : LISTENERS) {
            try {
                l.bound(name, obj);
            } catch (RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.WARNING, "registry listener " + l + " failed on bind of " + name, e);
            }
        }
    }

    /** Called by this process's registry after {@code name} was unbound. */
    public static void unbound(Remote registry, String name) {
        if (registry != current) {
            return;
        }
        for (RegistryListener l : LISTENERS) {
            try {
                l.unbound(name);
            } catch (RuntimeException | LinkageError e) {
                LOG.log(System.Logger.Level.WARNING, "registry listener " + l + " failed on unbind of " + name, e);
            }
        }
    }

    /** Exports {@code registry} under the well-known id, listening on {@code port} (0: any); returns its port. */
    public static int export(Remote registry, int port) throws RemoteException {
        int at = RmiRuntime.get().exportRegistry(registry, port, null, null);
        becameCurrent(registry);
        return at;
    }

    /**
     * Exports {@code registry} under the well-known id on sockets made by the given factories (see
     * {@link Rmi#export(Remote, int, RMIClientSocketFactory, RMIServerSocketFactory)}); returns its port.
     */
    public static int export(Remote registry, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        if (csf == null && ssf == null) {
            return export(registry, port);
        }
        int at = RmiRuntime.get().exportRegistry(registry, port, csf, ssf);
        becameCurrent(registry);
        return at;
    }

    private static synchronized void becameCurrent(Remote registry) {
        if (current == null && registry instanceof io.mobula.rmi.registry.Registry r) {
            current = r;
        }
    }

    /** Unexports the registry of this process, if any; its listeners see each of its names unbound. */
    public static boolean unexport(Remote registry) {
        return RmiRuntime.get().unexport(registry);
    }

    /** After any unexport: when it was this process's registry, its listeners see each of its names unbound. */
    static synchronized void unexported(Remote impl) {
        io.mobula.rmi.registry.Registry r = current;
        if (impl != r || r == null) {
            return;
        }
        try {
            for (String name : r.list()) {
                unbound(r, name);
            }
        } catch (RemoteException local) {
            LOG.log(System.Logger.Level.WARNING, "the local registry failed as it was unexported", local);
        }
        current = null;
    }

    /** A stub for the registry at {@code host:port}, of the remote interface {@code registryInterface}. */
    public static Remote stub(Class<?> registryInterface, String host, int port) throws RemoteException {
        return stub(registryInterface, host, port, null);
    }

    /**
     * A stub for the registry at {@code host:port}; with a client socket factory, calls go over sockets it makes
     * (a registry created with socket factories).
     */
    public static Remote stub(Class<?> registryInterface, String host, int port, RMIClientSocketFactory csf)
            throws RemoteException {
        StubFactory f = StubFactory.forInterface(registryInterface);
        Endpoint e;
        try {
            e = csf == null ? Endpoint.tcp(host, port) : new Endpoint(SocketFactoryChannels.SCHEME, host, port, null);
        } catch (IllegalArgumentException ex) {
            throw new StubNotFoundException("bad registry address " + host + ":" + port + ": " + ex.getMessage());
        }
        // VM id unknown until connected: 0 never equals a live process's random id in practice, and only
        // selects the connection by endpoint
        return f.newStub(new RemoteRef(0, RmiRuntime.registryId(port), List.of(e), registryInterface.getName(),
                f.dispatcher.interfaceHash(), null, RmiRuntime.get().sockets.canonical(csf)));
    }

    /** The method hash generated code uses, for hand-written stubs of runtime interfaces. */
    public static long hash(String interfaceName, String... methods) {
        String[] parts = new String[methods.length + 1];
        parts[0] = interfaceName;
        System.arraycopy(methods, 0, parts, 1, methods.length);
        return Fingerprint.of(parts);
    }
}
