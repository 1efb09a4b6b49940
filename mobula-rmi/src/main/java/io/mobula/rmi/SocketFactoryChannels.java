package io.mobula.rmi;

import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.Listener;
import io.mobula.transport.SocketTransport;
import java.io.IOException;
import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Objects exported with java.rmi socket factories ({@code UnicastRemoteObject.exportObject(obj, port, csf, ssf)},
 * {@code LocateRegistry.createRegistry(port, csf, ssf)}): the server side listens on a server socket the
 * {@link RMIServerSocketFactory} makes, one listener per (port, factory) as in java.rmi, and the references of such
 * objects name it as {@code sock+tcp://host:port} and carry the {@link RMIClientSocketFactory}; a client calls them
 * over a connection of its own per (endpoint, client factory), on sockets that factory makes. These connections move
 * frames over blocking socket streams ({@link SocketTransport}): a platform thread per connection, no caller polling,
 * never upgraded to shared memory, and not the process's shared connection to that peer.
 */
final class SocketFactoryChannels {
    /** The endpoint scheme of listeners made by server socket factories. */
    static final String SCHEME = SocketTransport.NAME;
    private static final Object PLAIN = new Object();

    private record ServerKey(int port, RMIServerSocketFactory factory) {
    }

    private record ClientKey(Endpoint endpoint, RMIClientSocketFactory factory) {
    }

    private final RmiRuntime runtime;
    private final List<ServerEntry> listeners = new ArrayList<>();
    private final Map<Object, SocketTransport> clientTransports = new ConcurrentHashMap<>();
    private final Map<ClientKey, PeerConnection> connections = new ConcurrentHashMap<>();

    private record ServerEntry(ServerKey key, SocketTransport transport, Listener listener) {
    }

    SocketFactoryChannels(RmiRuntime runtime) {
        this.runtime = runtime;
    }

    /** Whether {@code c} is a connection made by this class (so: no shm upgrade, not the shared peer connection). */
    static boolean owns(Connection c) {
        return SCHEME.equals(c.remote().transport());
    }

    /**
     * The endpoint of a listener for {@code port} (0: any, sharing a listener made by an equal factory, as java.rmi
     * does) whose server sockets {@code ssf} makes (null: plain server sockets on the runtime's host). Called under
     * the runtime's lock: the listener closes with the last object exported at it ({@link ListenerUses}).
     */
    synchronized Endpoint listen(int port, RMIServerSocketFactory ssf) throws RemoteException {
        for (ServerEntry e : listeners) {
            if (e.listener.isOpen() && Objects.equals(e.key.factory, ssf)
                    && (port == 0 || e.listener.endpoint().port() == port)) {
                return e.listener.endpoint();
            }
        }
        listeners.removeIf(e -> !e.listener.isOpen());
        SocketTransport t = SocketTransport.create(runtime.transportOptions(), null,
                ssf == null ? null : ssf::createServerSocket);
        try {
            Listener l = t.listen(new Endpoint(SCHEME, runtime.config.host(), port, null), runtime);
            ServerEntry entry = new ServerEntry(new ServerKey(port, ssf), t, l);
            listeners.add(entry);
            runtime.listenerUses.track(l, () -> {
                synchronized (this) {
                    listeners.remove(entry);
                }
            });
            return l.endpoint();
        } catch (IOException | RuntimeException e) {
            t.close();
            throw new ExportException("cannot listen on port " + port + " with server socket factory " + ssf
                    + ": " + e, e);
        }
    }

    /** A connection for calls through {@code ref}, made with its client socket factory. */
    PeerConnection channelFor(RemoteRef ref) throws RemoteException {
        Endpoint at = null;
        for (Endpoint e : ref.endpoints) {
            if (SCHEME.equals(e.transport())) {
                at = e;
                break;
            }
        }
        if (at == null) {
            throw new ConnectException("no socket factory endpoint in " + ref);
        }
        RMIClientSocketFactory csf = ref.clientSocketFactory;
        ClientKey key = new ClientKey(at, csf);
        PeerConnection p = connections.get(key);
        if (p != null && p.isOpen()) {
            return p;
        }
        synchronized (this) {
            p = connections.get(key);
            if (p != null && p.isOpen()) {
                return p;
            }
            SocketTransport t = clientTransports.computeIfAbsent(csf == null ? PLAIN : csf,
                    k -> SocketTransport.create(runtime.transportOptions(), csf == null ? null : csf::createSocket,
                            null));
            Connection c;
            try {
                c = runtime.open(t, at);
            } catch (RemoteException e) {
                throw new ConnectException("cannot connect to " + at + " with client socket factory " + csf + ": "
                        + e.getCause(), e.getCause() instanceof Exception x ? x : e);
            }
            if (!(c.attachment() instanceof PeerConnection q)) {
                c.close();
                throw new ConnectException("connection to " + at + " closed while opening (client socket factory "
                        + csf + ")");
            }
            // a peer that refused this process may already have closed it: that fails here, as a ConnectIOException
            // with the handshake's reason, exactly as on the runtime's own connections
            q.awaitHandshake();
            if (!q.isOpen()) {
                throw new ConnectException("connection to " + at + " closed right after its handshake (client socket"
                        + " factory " + csf + ")");
            }
            connections.put(key, q);
            return q;
        }
    }
}
