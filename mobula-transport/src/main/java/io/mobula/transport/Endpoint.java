package io.mobula.transport;

import java.util.Objects;

/**
 * The address of a listener or a peer, for one transport (its scheme). Formats:
 * <ul>
 *   <li>{@code tcp://127.0.0.1:4000}, {@code tcp://[::1]:4000}, {@code tls://127.0.0.1:4000}: host and port, no
 *   path;</li>
 *   <li>{@code local://name}: path only ({@code name});</li>
 *   <li>{@code shm:///dev/shm/mobula-x}: path only ({@code /dev/shm/mobula-x}).</li>
 * </ul>
 * {@link #toString()} and {@link #parse(String)} are inverses. A path-only endpoint whose path looks like
 * {@code host:port} cannot be told apart from a host/port endpoint and is refused.
 *
 * @param transport the transport name, lower case ({@code [a-z0-9.+-]+})
 * @param host      host name or address, or {@code null} for path-only endpoints
 * @param port      0..65535; 0 for path-only endpoints, and for "any port" when listening
 * @param path      the name or path for path-only transports, or {@code null}; empty only to ask
 *                  {@link Transport#listen} for a fresh name
 */
public record Endpoint(String transport, String host, int port, String path) {

    /** Validates the components; see the class comment. */
    public Endpoint {
        Objects.requireNonNull(transport, "transport");
        if (transport.isEmpty() || !transport.chars().allMatch(Endpoint::schemeChar)) {
            throw new IllegalArgumentException("bad transport name: '" + transport + "'");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        if (host != null) {
            if (host.isEmpty() || host.indexOf('/') >= 0) {
                throw new IllegalArgumentException("bad host: '" + host + "'");
            }
            if (path != null) {
                throw new IllegalArgumentException("an endpoint has a host and port or a path, not both");
            }
        } else {
            if (port != 0) {
                throw new IllegalArgumentException("port without host");
            }
            if (path == null) {
                throw new IllegalArgumentException("an endpoint needs a host or a path");
            }
            if (parseHostPort(transport, path) != null) {
                throw new IllegalArgumentException("path looks like host:port: '" + path + "'");
            }
        }
    }

    /** {@code tcp://host:port}; port 0 = ephemeral when listening. */
    public static Endpoint tcp(String host, int port) {
        return new Endpoint("tcp", host, port, null);
    }

    /** {@code tls://host:port}: TCP with TLS ({@link Transports#tls}); port 0 = ephemeral when listening. */
    public static Endpoint tls(String host, int port) {
        return new Endpoint("tls", host, port, null);
    }

    /** {@code local://name}; an empty name asks {@link Transport#listen} for a fresh one. */
    public static Endpoint local(String name) {
        return new Endpoint("local", null, 0, name);
    }

    /** {@code shm://path}, e.g. {@code shm:///dev/shm/mobula-1}. */
    public static Endpoint shm(String path) {
        return new Endpoint("shm", null, 0, path);
    }

    /**
     * Parses the {@link #toString()} form.
     *
     * @throws IllegalArgumentException if {@code text} is not an endpoint
     */
    public static Endpoint parse(String text) {
        Objects.requireNonNull(text, "text");
        int sep = text.indexOf("://");
        if (sep <= 0) {
            throw new IllegalArgumentException("not an endpoint (scheme://...): '" + text + "'");
        }
        String transport = text.substring(0, sep);
        String rest = text.substring(sep + 3);
        Endpoint hostPort = parseHostPort(transport, rest);
        return hostPort != null ? hostPort : new Endpoint(transport, null, 0, rest);
    }

    /** The host/port form of {@code rest}, or null if it is not {@code host:port} / {@code [v6]:port}. */
    private static Endpoint parseHostPort(String transport, String rest) {
        int colon = rest.lastIndexOf(':');
        if (colon <= 0 || colon == rest.length() - 1 || rest.indexOf('/') >= 0) {
            return null;
        }
        String portText = rest.substring(colon + 1);
        if (portText.length() > 5 || !portText.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        String host = rest.substring(0, colon);
        if (host.startsWith("[")) {
            if (!host.endsWith("]") || host.length() < 3) {
                return null;
            }
            host = host.substring(1, host.length() - 1);
        } else if (host.indexOf(':') >= 0 || host.indexOf('[') >= 0 || host.indexOf(']') >= 0) {
            return null; // bare IPv6 needs brackets
        }
        int port = Integer.parseInt(portText);
        if (port > 65535) {
            throw new IllegalArgumentException("port out of range: " + rest);
        }
        return new Endpoint(transport, host, port, null);
    }

    private static boolean schemeChar(int c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '+' || c == '-';
    }

    /** Whether this is a host/port endpoint (otherwise it has a path). */
    public boolean hasHost() {
        return host != null;
    }

    @Override
    public String toString() {
        if (host == null) {
            return transport + "://" + path;
        }
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return transport + "://" + h + ":" + port;
    }
}
