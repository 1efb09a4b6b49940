package io.mobula.interop;

import io.mobula.rmi.RegistryAccess;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Serves plain java.rmi clients from a Mobula process (thesis 3.2): a standard registry at a port shows the names
 * bound in this process's Mobula registry, and every call on what a plain client looks up there goes to the Mobula
 * object over the standard protocol (JRMP). Calls inside the Mobula cluster keep Mobula's protocol.
 *
 * <p>Usually started by the system property {@code mobula.jrmp.port} (or {@code RmiConfig.withJrmpPort}) as the
 * runtime starts, with no code change; {@link #serve(int)} does the same explicitly. One per process.
 *
 * <pre>{@code
 * Registry mobula = LocateRegistry.createRegistry(1099);        // io.mobula.rmi.registry
 * mobula.rebind("shop", new ShopImpl());
 * JrmpBridge.serve(2099);                                        // plain JVMs: getRegistry(host, 2099).lookup("shop")
 * }</pre>
 *
 * <p>See docs/INTEROP.md for what crosses the bridge and its limits.
 */
public final class JrmpBridge {
    private static JrmpBridge instance;

    private final java.rmi.registry.Registry registry;
    private final RegistryMirror mirror;
    private final int port;

    private JrmpBridge(java.rmi.registry.Registry registry, RegistryMirror mirror, int port) {
        this.registry = registry;
        this.mirror = mirror;
        this.port = port;
    }

    /**
     * Starts serving plain java.rmi clients with a standard registry at {@code port} (0: an ephemeral one, see
     * {@link #port()}) with the options of the system properties ({@link BridgeOptions#fromSystemProperties()}:
     * loopback unless {@code mobula.jrmp.host} names another address), mirroring this process's registry (present
     * or created later). Returns the running bridge if there is one on the same port.
     *
     * @throws RemoteException when the port cannot be listened on, or the bridge already serves another port
     */
    public static JrmpBridge serve(int port) throws RemoteException {
        return serve(port, BridgeOptions.fromSystemProperties());
    }

    /**
     * Starts serving plain java.rmi clients as {@link #serve(int)} does, listening where and as {@code options} say
     * (loopback, TLS with client certificates, bounds on calls). The options of the first bridge or callback
     * endpoint of the process hold for it.
     *
     * @throws RemoteException when the port cannot be listened on, or the bridge already serves another port
     */
    public static JrmpBridge serve(int port, BridgeOptions options) throws RemoteException {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port);
        }
        java.util.Objects.requireNonNull(options, "options");
        // start the runtime first, outside the lock: with mobula.jrmp.port set, starting it serves (and comes here)
        io.mobula.rmi.Rmi.config();
        return start(port, options);
    }

    private static synchronized JrmpBridge start(int port, BridgeOptions options) throws RemoteException {
        if (instance != null) {
            if (port == 0 || port == instance.port) {
                return instance;
            }
            throw new java.rmi.server.ExportException("this process serves java.rmi clients on port " + instance.port
                    + " already");
        }
        JrmpEndpoint endpoint = JrmpEndpoint.get(port, options);
        java.rmi.registry.Registry registry = endpoint.createRegistry(port);
        int actual = port != 0 ? port : endpoint.serverSockets.lastPort();
        RegistryMirror mirror = new RegistryMirror(registry);
        RegistryAccess.addListener(mirror);
        instance = new JrmpBridge(registry, mirror, actual);
        return instance;
    }

    /** The bridge serving this process, or null if none was started. */
    public static synchronized JrmpBridge current() {
        return instance;
    }

    /** The port of the standard registry. */
    public int port() {
        return port;
    }

    /**
     * The standard registry (the object itself: calls on it are local). Names bound here directly are visible to
     * plain clients only; names bound in the Mobula registry appear here too.
     */
    public java.rmi.registry.Registry registry() {
        return registry;
    }

    /**
     * The standard stub plain clients can call {@code obj} through (a Mobula object of this process, or a Mobula
     * stub): to hand out an object that is bound nowhere, or to bind it in a registry of plain java.rmi.
     */
    public static Remote toStandardStub(Remote obj) throws RemoteException {
        return Gateways.get().stubFor(obj);
    }

    /**
     * Stops serving: the standard registry is unexported and stops mirroring. Objects already handed out stay
     * callable while plain clients hold them (java.rmi's DGC).
     */
    public void close() {
        synchronized (JrmpBridge.class) {
            RegistryAccess.removeListener(mirror);
            JrmpEndpoint.unexport(registry);
            if (instance == this) {
                instance = null;
            }
        }
    }
}
