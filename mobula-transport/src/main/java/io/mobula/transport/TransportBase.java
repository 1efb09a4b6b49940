package io.mobula.transport;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bookkeeping every technology shares: its options, the listeners and connections it opened (closed with it),
 * and the checks that it is open and that an endpoint is its own.
 *
 * @param <L> its listener class
 * @param <C> its connection class
 */
abstract class TransportBase<L extends Listener, C extends Connection> implements Transport {
    final TransportOptions options;
    final Set<L> listeners = ConcurrentHashMap.newKeySet();
    final Set<C> connections = ConcurrentHashMap.newKeySet();
    volatile boolean closed;
    private final String name;
    private final boolean hostEndpoints;

    /**
     * @param hostEndpoints whether endpoints are {@code name://host:port} (else {@code name://path})
     */
    TransportBase(String name, boolean hostEndpoints, TransportOptions options) {
        this.name = name;
        this.hostEndpoints = hostEndpoints;
        this.options = Objects.requireNonNull(options, "options");
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
