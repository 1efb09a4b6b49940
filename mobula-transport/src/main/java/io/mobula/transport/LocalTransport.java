package io.mobula.transport;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The "local" technology: connections inside one JVM through in-memory rings, no sockets. Listener names
 * are JVM-wide, so separate transport instances (e.g. simulated nodes in one test) reach each other.
 */
final class LocalTransport extends TransportBase<LocalTransport.LocalListener, LocalConnection> {

    /** Size of each direction's ring; larger frames stream through it. */
    static final int RING_CAPACITY = 256 << 10;

    private static final ConcurrentHashMap<String, LocalListener> NAMES = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();


    LocalTransport(TransportOptions options) {
        super("local", false, options);
    }

    @Override
    Listener bind(Endpoint local, FrameHandler handler) throws IOException {
        String name = local.path().isEmpty() ? "anon-" + IDS.incrementAndGet() : local.path();
        LocalListener listener = new LocalListener(Endpoint.local(name), handler);
        if (NAMES.putIfAbsent(name, listener) != null) {
            throw new IOException("local endpoint in use: " + listener.endpoint);
        }
        register(listener);
        return listener;
    }

    @Override
    Connection dial(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        LocalListener listener = NAMES.get(remote.path());
        if (listener == null) {
            throw new ConnectException("no local listener at " + remote);
        }
        LocalPipe toServer = new LocalPipe(RING_CAPACITY);
        LocalPipe toClient = new LocalPipe(RING_CAPACITY);
        // the accepted side gets a distinct, non-connectable name for logs and thread names
        Endpoint clientName = Endpoint.local(remote.path() + "/peer-" + IDS.incrementAndGet());
        if (!listener.owner.adopt(listener, clientName, toClient, toServer)) {
            throw new ConnectException("local listener at " + remote + " closed");
        }
        LocalConnection client = new LocalConnection(listener.endpoint, handler, options, toServer, toClient,
                connections::remove);
        track(client);
        client.open();
        client.start(false);
        return client;
    }

    /** Creates and starts the accepting end; false if the listener or its transport is closed. */
    private boolean adopt(LocalListener listener, Endpoint remote, LocalPipe out, LocalPipe in) {
        if (closed || !listener.isOpen()) {
            return false;
        }
        LocalConnection server = new LocalConnection(remote, listener.handler, options, out, in,
                connections::remove);
        track(server);
        server.start(true); // onOpen runs on its receive thread, before any frame
        return true;
    }

    final class LocalListener implements Listener {
        final Endpoint endpoint;
        final FrameHandler handler;
        final LocalTransport owner = LocalTransport.this;
        private volatile boolean open = true;

        LocalListener(Endpoint endpoint, FrameHandler handler) {
            this.endpoint = endpoint;
            this.handler = handler;
        }

        @Override
        public Endpoint endpoint() {
            return endpoint;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
            NAMES.remove(endpoint.path(), this);
            listeners.remove(this);
        }

        @Override
        public String toString() {
            return "local listener " + endpoint;
        }
    }
}
