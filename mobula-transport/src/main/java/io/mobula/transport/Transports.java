package io.mobula.transport;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Creates transports by name. Built in: {@code "tcp"} (NIO sockets), {@code "sock+tcp"} (blocking socket streams, see {@link SocketTransport}), {@code "shm"} (shared memory between
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
