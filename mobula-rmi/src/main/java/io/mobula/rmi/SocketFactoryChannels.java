package io.mobula.rmi;

import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.Listener;
import io.mobula.transport.SocketTransport;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIFailureHandler;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.RMISocketFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Objects exported with java.rmi socket factories ({@code UnicastRemoteObject.exportObject(obj, port, csf, ssf)},
 * {@code LocateRegistry.createRegistry(port, csf, ssf)}): the server side listens on a server socket the
 * {@link RMIServerSocketFactory} makes, one listener per (port, factory) as in java.rmi, and the references of such
 * objects name it as {@code sock+tcp://host:port} and carry the {@link RMIClientSocketFactory}; a client calls them
 * over a connection of its own per (endpoint, client factory), on sockets that factory makes. These connections move
 * frames over blocking socket streams ({@link SocketTransport}): a platform thread per connection, no caller polling,
 * never upgraded to shared memory, and not the process's shared connection to that peer.
 *
 * <p>Client factories are held the way java.rmi holds them, only as long as some reference uses them: equal
 * factories are folded into one canonical instance ({@link #canonical}) that only the references hold, the
 * transport that makes its sockets refers to it weakly, and once it is collected its connections are closed. So a
 * factory given to {@code LocateRegistry.getRegistry(host, port, csf)} is not kept after the stub is dropped.
 *
 * <p>Where an object or a reference has no factory of its own, java.rmi uses the process-wide one
 * ({@link RMISocketFactory#setSocketFactory}); {@link #processWide()} is the one place that decides whether Mobula
 * does too: when one is set, exports without factories listen here on its server sockets, and calls without a client
 * factory connect here on its sockets; when none is set, Mobula's own transports (TCP, shared memory) serve them.
 */
final class SocketFactoryChannels {
    /** The endpoint scheme of listeners made by server socket factories. */
    static final String SCHEME = SocketTransport.NAME;

    private record ServerKey(int port, RMIServerSocketFactory factory) {
    }


    private final RmiRuntime runtime;
    private final List<ServerEntry> listeners = new ArrayList<>();
    /** Canonical client factories, weakly: equal factories share one instance while a reference holds one. */
    private final Map<RMIClientSocketFactory, WeakReference<RMIClientSocketFactory>> canonical = new WeakHashMap<>();
    /** Per canonical client factory (weak keys; null for plain sockets): its transport and connections. */
    private final Map<RMIClientSocketFactory, Client> clients = new WeakHashMap<>();
    private Client plain; // made on first use
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "mobula-socket-factories");
        t.setDaemon(true);
        return t;
    });

    /** What a client factory's calls use; refers to the factory only weakly. */
    private static final class Client implements Runnable {
        final SocketTransport transport;
        final Map<Endpoint, PeerConnection> connections = new ConcurrentHashMap<>();

        Client(SocketTransport transport) {
            this.transport = transport;
        }

        /** The factory was collected: nothing can call through these connections any more. */
        @Override
        public void run() {
            transport.close();
        }
    }

    /** Makes sockets with a client factory it does not keep reachable. */
    private record WeakSockets(WeakReference<RMIClientSocketFactory> factory) implements SocketTransport.ClientSockets {
        @Override
        public java.net.Socket create(String host, int port) throws IOException {
            RMIClientSocketFactory f = factory.get();
            if (f == null) {
                throw new IOException("the client socket factory was collected");
            }
            return f.createSocket(host, port);
        }
    }

    private record ServerEntry(ServerKey key, SocketTransport transport, Listener listener) {
    }

    SocketFactoryChannels(RmiRuntime runtime) {
        this.runtime = runtime;
    }

    /**
     * The instance references use for {@code csf}: the first equal factory still reachable, or {@code csf}
     * itself (null stays null).
     */
    synchronized RMIClientSocketFactory canonical(RMIClientSocketFactory csf) {
        if (csf == null) {
            return null;
        }
        WeakReference<RMIClientSocketFactory> w = canonical.get(csf);
        RMIClientSocketFactory c = w == null ? null : w.get();
        if (c != null) {
            return c;
        }
        canonical.put(csf, new WeakReference<>(csf));
        return csf;
    }

    /**
     * The process-wide java.rmi socket factory ({@link RMISocketFactory#getSocketFactory()}) for sockets that have
     * no per-object factory, read each time a listener or connection is made, as java.rmi does; null when none is set
     * and Mobula's own transports serve such objects and calls. Also null with {@code mobula.tls} (every TCP
     * connection of the runtime is TLS, docs/SECURITY.md) and for the factory of Mobula's sockets agent (it gives
     * plain java.rmi programs what Mobula's own transports already are).
     */
    RMISocketFactory processWide() {
        if (runtime.config.tls() != null) {
            return null;
        }
        RMISocketFactory f = RMISocketFactory.getSocketFactory();
        return f == null || f.getClass().getName().startsWith(AGENT_PACKAGE) ? null : f;
    }

    /** The package of Mobula's sockets agent for plain java.rmi programs (mobula-interop, above this module). */
    private static final String AGENT_PACKAGE = "io.mobula.interop.sockets.";

    /**
     * After an {@code accept} of a listener made here failed: java.rmi's failure handler
     * ({@link RMISocketFactory#setFailureHandler}), if one is set, decides whether it goes on (false closes it, as in
     * java.rmi); without one it goes on after a short pause.
     */
    private static boolean keepAccepting(IOException failure) {
        RMIFailureHandler h = RMISocketFactory.getFailureHandler();
        if (h == null) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return true;
        }
        return h.failure(failure);
    }

    /** Whether {@code c} is a connection made by this class (so: no shm upgrade, not the shared peer connection). */
    static boolean owns(Connection c) {
        return SCHEME.equals(c.remote().transport());
    }

    /**
     * The endpoint of a listener for {@code port} (0: any, sharing the one an equal factory made for port 0, as
     * java.rmi does) whose server sockets {@code ssf} makes (null: the {@linkplain #processWide() process-wide factory}'s,
     * else plain server sockets on the runtime's host; an open listener made so serves later exports without a
     * factory whatever is set since, as in java.rmi). Called under the runtime's lock: the listener closes with the
     * last object exported at it ({@link ListenerUses}).
     */
    synchronized Endpoint listen(int port, RMIServerSocketFactory ssf) throws RemoteException {
        for (ServerEntry e : listeners) {
            // port 0 shares the listener an equal factory made for port 0 (java.rmi's default port per factory),
            // not one made for an explicit port
            if (e.listener.isOpen() && Objects.equals(e.key.factory, ssf)
                    && (port == 0 ? e.key.port == 0 : e.listener.endpoint().port() == port)) {
                return e.listener.endpoint();
            }
        }
        listeners.removeIf(e -> !e.listener.isOpen());
        RMIServerSocketFactory maker = ssf != null ? ssf : processWide();
        SocketTransport t = SocketTransport.create(runtime.transportOptions(), null,
                maker == null ? null : maker::createServerSocket, SocketFactoryChannels::keepAccepting);
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
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof java.net.BindException b && port != 0) { // java.rmi's words
                    throw new ExportException("Port already in use: " + port, b);
                }
            }
            throw new ExportException("cannot listen on port " + port + " with server socket factory " + maker
                    + ": " + e, e);
        }
    }

    /**
     * A connection for calls through {@code ref}, made with its client socket factory, else with the
     * {@linkplain #processWide() process-wide factory} (read now, as java.rmi reads it for each new socket), else
     * with plain sockets. A reference without a socket-factory endpoint is reached at its first TCP address (the
     * framing is the same).
     */
    PeerConnection channelFor(RemoteRef ref) throws RemoteException {
        Endpoint at = null;
        for (Endpoint e : ref.endpoints) {
            if (SCHEME.equals(e.transport())) {
                at = e;
                break;
            }
            if (at == null && "tcp".equals(e.transport()) && e.hasHost()) {
                at = new Endpoint(SCHEME, e.host(), e.port(), null);
            }
        }
        if (at == null) {
            throw new ConnectException("no socket factory endpoint in " + ref);
        }
        RMIClientSocketFactory csf = ref.clientSocketFactory;
        if (csf == null) {
            csf = processWide();
        }
        Client client;
        synchronized (this) {
            if (csf == null && plain == null) {
                plain = new Client(SocketTransport.create(runtime.transportOptions(), null, null));
            }
            client = csf == null ? plain : clients.get(csf);
            if (client == null) {
                client = new Client(SocketTransport.create(runtime.transportOptions(),
                        new WeakSockets(new WeakReference<>(csf)), null));
                clients.put(csf, client);
                CLEANER.register(csf, client);
            }
        }
        PeerConnection p = client.connections.get(at);
        if (p != null && p.isOpen()) {
            return p;
        }
        synchronized (this) {
            p = client.connections.get(at);
            if (p != null && p.isOpen()) {
                return p;
            }
            SocketTransport t = client.transport;
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
            client.connections.put(at, q);
            return q;
        }
    }
}
