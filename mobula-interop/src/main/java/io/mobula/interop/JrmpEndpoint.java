package io.mobula.interop;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * This process's side of the standard protocol: where objects exported for plain java.rmi peers listen (one port,
 * on the address of {@link BridgeOptions#host()}, with TLS if asked), what their calls may decode
 * ({@link JrmpInputFilter}) and how much hashing they may cost ({@link JrmpStreamCheck}, on every connection of the
 * listener: calls, the standard registry and java.rmi's DGC alike). Made once per process, on the port a
 * {@link JrmpBridge} serves at, or on an ephemeral port the first time a Mobula object has to reach a plain server (a
 * callback), with the options given first.
 */
final class JrmpEndpoint {
    private static final String HOSTNAME_PROPERTY = "java.rmi.server.hostname";
    private static JrmpEndpoint instance;

    private static final System.Logger LOG = System.getLogger(JrmpEndpoint.class.getName());

    final HostServerSocketFactory serverSockets;
    /** What plain peers connect to this endpoint with: null (java.rmi's default) or TLS sockets. */
    private final RMIClientSocketFactory clientSockets;
    /** The port objects are exported on (0: an ephemeral one, shared by all of them). */
    final int port;
    private final JrmpInputFilter filter;

    private JrmpEndpoint(HostServerSocketFactory serverSockets, RMIClientSocketFactory clientSockets, int port,
                         JrmpInputFilter filter) {
        this.serverSockets = serverSockets;
        this.clientSockets = clientSockets;
        this.port = port;
        this.filter = filter;
    }

    /** The endpoint, made on {@code port} (0: ephemeral) with {@code options} if there is none yet. */
    static JrmpEndpoint get(int port, BridgeOptions options) throws RemoteException {
        // outside the lock: starting the runtime may start a bridge, which comes here
        return get(port, options, Rmi.config());
    }

    private static synchronized JrmpEndpoint get(int port, BridgeOptions options, RmiConfig config)
            throws RemoteException {
        if (instance == null) {
            String host = options.host();
            InetAddress address;
            try {
                address = InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                throw new java.rmi.server.ExportException("cannot serve java.rmi peers on unknown host " + host, e);
            }
            // java.rmi writes this address into the stubs it hands out; by default it would be the host's first
            // address, on which nothing listens when Mobula serves only 127.0.0.1
            if (System.getProperty(HOSTNAME_PROPERTY) == null && !address.isAnyLocalAddress()) {
                System.setProperty(HOSTNAME_PROPERTY, address.getHostAddress());
            }
            RmiConfig.Decoding decoding = config.decoding();
            instance = new JrmpEndpoint(
                    new HostServerSocketFactory(address, options, decoding.maxHashWork(), decoding.maxDepth()),
                    options.tls() != null ? new SslRMIClientSocketFactory() : null, port,
                    new JrmpInputFilter(Rmi.serialization(), decoding.classFilter(), decoding.maxArrayLength(),
                            decoding.maxDepth(), options.maxReferences(), options.maxBytes()));
            if (!address.isLoopbackAddress() && (options.tls() == null || !options.clientAuth())) {
                LOG.log(System.Logger.Level.INFO, "plain java.rmi clients reach this process on " + host
                        + " without authentication (docs/SECURITY.md, \"The JRMP bridge\")");
            }
        }
        return instance;
    }

    /** The endpoint, on an ephemeral port with the options of the system properties if there is none yet. */
    static JrmpEndpoint get() throws RemoteException {
        return get(0, BridgeOptions.fromSystemProperties());
    }

    /** Exports {@code obj} over the standard protocol; returns its standard stub. */
    Remote export(Remote obj) throws RemoteException {
        return UnicastRemoteObject.exportObject(obj, port, clientSockets, serverSockets, filter);
    }

    /** Makes the standard registry at {@code registryPort} (0: the objects' port when ephemeral). */
    java.rmi.registry.Registry createRegistry(int registryPort) throws RemoteException {
        return java.rmi.registry.LocateRegistry.createRegistry(registryPort, clientSockets, serverSockets);
    }

    static void unexport(Remote obj) {
        try {
            UnicastRemoteObject.unexportObject(obj, true);
        } catch (NoSuchObjectException gone) {
            // already unexported
        }
    }
}
