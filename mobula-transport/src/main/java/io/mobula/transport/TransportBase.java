package io.mobula.transport;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bookkeeping every technology shares: its options, the listeners and connections it opened (closed with it),
 * and the checks of {@link #listen} and {@link #connect} (the endpoint is its own, a handler is given, it is open)
 * before the technology's {@link #bind} and {@link #dial}.
 *
 * @param <L> its listener class
 * @param <C> its connection class
 */
abstract class TransportBase<L extends Listener, C extends Connection> implements Transport {
    final TransportOptions options;
    final Set<L> listeners = ConcurrentHashMap.newKeySet();
    final Set<C> connections = ConcurrentHashMap.newKeySet();
    volatile boolean closed;
    /** The accepted connections alive, against {@link TransportOptions#connectionLimits()}. */
    final Admission admission;
    private final String name;
    private final boolean hostEndpoints;

    /**
     * @param hostEndpoints whether endpoints are {@code name://host:port} (else {@code name://path})
     */
    TransportBase(String name, boolean hostEndpoints, TransportOptions options) {
        this.name = name;
        this.hostEndpoints = hostEndpoints;
        this.options = Objects.requireNonNull(options, "options");
        this.admission = new Admission(options.connectionLimits(), name);
    }

    /** Connections refused so far for being over {@link TransportOptions#connectionLimits()}. */
    final long refusedConnections() {
        return admission.refused();
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final TransportOptions options() {
        return options;
    }

    @Override
    public final Listener listen(Endpoint local, FrameHandler handler) throws IOException {
        checkEndpoint(local);
        Objects.requireNonNull(handler, "handler");
        ensureOpen();
        return bind(local, handler);
    }

    @Override
    public final Connection connect(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        checkEndpoint(remote);
        Objects.requireNonNull(handler, "handler");
        ensureOpen();
        return dial(remote, handler, timeout == null ? options.connectTimeout() : timeout);
    }

    /** {@link #listen} once the arguments are checked: binds, then {@link #register registers} the listener. */
    abstract Listener bind(Endpoint local, FrameHandler handler) throws IOException;

    /** {@link #connect} once the arguments are checked, with the timeout resolved (never null). */
    abstract Connection dial(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException;

    /** Tracks a new listener; if this transport was closed meanwhile, closes it and fails. */
    final void register(L listener) throws IOException {
        listeners.add(listener);
        if (closed) {
            listener.close();
            throw new IOException(name + " transport is closed");
        }
    }

    /**
     * Tracks a new, not yet started connection until it ends; if this transport was closed meanwhile, closes it.
     * The caller still starts it, so its handler's onClose is reported.
     */
    final void track(C connection) {
        connections.add(connection);
        if (closed) {
            connection.close();
        }
    }

    @Override
    public void close() {
        closed = true;
        for (L l : List.copyOf(listeners)) {
            l.close();
        }
        for (C c : List.copyOf(connections)) {
            c.close();
        }
    }

    final void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException(name + " transport is closed");
        }
    }

    final void checkEndpoint(Endpoint e) {
        if (!name.equals(e.transport()) || e.hasHost() != hostEndpoints) {
            throw new IllegalArgumentException("not a " + name + (hostEndpoints ? "://host:port" : "://path")
                    + " endpoint: " + e);
        }
    }
}
