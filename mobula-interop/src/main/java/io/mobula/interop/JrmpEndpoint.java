package io.mobula.interop;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;

/**
 * This process's side of the standard protocol: where objects exported for plain java.rmi peers listen (one port,
 * on Mobula's address) and what their calls may decode ({@link JrmpInputFilter}). Made once per process, on the
 * port a {@link JrmpBridge} serves at, or on an ephemeral port the first time a Mobula object has to reach a plain
 * server (a callback).
 */
final class JrmpEndpoint {
    private static final String HOSTNAME_PROPERTY = "java.rmi.server.hostname";
    private static JrmpEndpoint instance;

    final HostServerSocketFactory serverSockets;
    /** The port objects are exported on (0: an ephemeral one, shared by all of them). */
    final int port;
    private final JrmpInputFilter filter;

    private JrmpEndpoint(HostServerSocketFactory serverSockets, int port, JrmpInputFilter filter) {
        this.serverSockets = serverSockets;
        this.port = port;
        this.filter = filter;
    }

    /** The endpoint, made on {@code port} (0: ephemeral) if there is none yet. */
    static JrmpEndpoint get(int port) throws RemoteException {
        return get(port, Rmi.config()); // outside the lock: starting the runtime may start a bridge, which comes here
    }

    private static synchronized JrmpEndpoint get(int port, RmiConfig config) throws RemoteException {
        if (instance == null) {
            String host = config.host();
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
            instance = new JrmpEndpoint(new HostServerSocketFactory(address), port,
                    new JrmpInputFilter(config.decoding()));
        }
        return instance;
    }

    /** The endpoint, on an ephemeral port if there is none yet. */
    static JrmpEndpoint get() throws RemoteException {
        return get(0);
    }

    /** Exports {@code obj} over the standard protocol; returns its standard stub. */
    Remote export(Remote obj) throws RemoteException {
        return UnicastRemoteObject.exportObject(obj, port, null, serverSockets, filter);
    }

    /** Makes the standard registry at {@code registryPort} (0: the objects' port when ephemeral). */
    java.rmi.registry.Registry createRegistry(int registryPort) throws RemoteException {
        return java.rmi.registry.LocateRegistry.createRegistry(registryPort, null, serverSockets);
    }

    static void unexport(Remote obj) {
        try {
            UnicastRemoteObject.unexportObject(obj, true);
        } catch (NoSuchObjectException gone) {
            // already unexported
        }
    }
}
