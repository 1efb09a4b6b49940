package io.mobula.transport;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Creates transports by name. Built in: {@code "tcp"} (NIO sockets), {@code "sock+tcp"} (blocking socket streams, see {@link SocketTransport}), {@code "tls"} (NIO sockets with TLS, see
 * {@link #tls}), {@code "shm"} (shared memory between
 * processes of one host) and {@code "local"} (in-JVM). Further technologies are added with {@link #register(String, Function)}.
 */
public final class Transports {

    private static final ConcurrentHashMap<String, Function<TransportOptions, ? extends Transport>> FACTORIES =
            new ConcurrentHashMap<>();

    static {
        FACTORIES.put("tcp", TcpTransport::new);
        FACTORIES.put("local", LocalTransport::new);
        FACTORIES.put("shm", ShmTransport::new);
        FACTORIES.put(SocketTransport.NAME, options -> SocketTransport.create(options, null, null));
        FACTORIES.put(TlsTransport.NAME, options -> new TlsTransport(options, TlsOptions.defaults()));
    }

    /**
     * A new {@code "tls"} transport: TCP whose connections are TLS sessions (TLS 1.3 or 1.2), with keys and trust
     * from {@code tls}; {@code create("tls", options)} is this with {@link TlsOptions#defaults()} (the JDK's default
     * {@link javax.net.ssl.SSLContext}, mutual authentication). Endpoints are {@code tls://host:port}.
     */
    public static Transport tls(TransportOptions options, TlsOptions tls) {
        return new TlsTransport(java.util.Objects.requireNonNull(options, "options"), tls);
    }


    private Transports() {
    }

    /** A new transport with {@link TransportOptions#defaults()}. */
    public static Transport create(String name) {
        return create(name, TransportOptions.defaults());
    }

    /**
     * A new transport of the named technology.
     *
     * @throws IllegalArgumentException if no transport of that name is registered
     */
    public static Transport create(String name, TransportOptions options) {
        Objects.requireNonNull(options, "options");
        var factory = FACTORIES.get(Objects.requireNonNull(name, "name"));
        if (factory == null) {
            throw new IllegalArgumentException("unknown transport '" + name + "', known: " + names());
        }
        return factory.apply(options);
    }

    /**
     * Registers a technology under {@code name} (its endpoint scheme).
     *
     * @throws IllegalStateException if the name is taken
     */
    public static void register(String name, Function<TransportOptions, ? extends Transport> factory) {
        Objects.requireNonNull(factory, "factory");
        Endpoint.parse(name + "://x"); // validates the name as a scheme
        if (FACTORIES.putIfAbsent(name, factory) != null) {
            throw new IllegalStateException("transport '" + name + "' is already registered");
        }
    }

    /** The registered names, sorted. */
    public static Set<String> names() {
        return new TreeSet<>(FACTORIES.keySet());
    }
}
