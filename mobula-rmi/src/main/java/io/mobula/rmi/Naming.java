package io.mobula.rmi;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.rmi.AlreadyBoundException;
import java.rmi.ConnectIOException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Shaped like {@code java.rmi.Naming}: registry operations addressed by URL {@code [rmi:]//host:port/name}, parsed by
 * java.rmi's rules (JDK 21): {@code rmi:} or {@code mobula:} or no scheme; no query, fragment or user info; the host
 * defaults to 127.0.0.1 (java.rmi: the local host) and the port to 1099; {@code //:port/name} means localhost;
 * a plain {@code name} is a name on the default registry; a URL with no name makes {@link #lookup} return the
 * registry itself. Anything else is a {@link MalformedURLException}, as in java.rmi.
 */
public final class Naming {
    private Naming() {
    }

    /** A parsed registry URL; {@code host} empty for none given, {@code name} null for none. */
    record Url(String host, int port, String name) {
        static Url parse(String url) throws MalformedURLException {
            if (url == null) {
                throw new NullPointerException("url");
            }
            try {
                return parseUri(url);
            } catch (URISyntaxException ex) {
                // RFC 3986 refuses '//:port': java.rmi reads it as localhost:port
                MalformedURLException mue = new MalformedURLException("invalid URL String: " + url);
                mue.initCause(ex);
                int schemeEnd = url.indexOf(':');
                int authority = url.indexOf("//:");
                if (authority < 0 || !(authority == 0 || (schemeEnd > 0 && authority == schemeEnd + 1))) {
                    throw mue;
                }
                try {
                    return parseUri(url.substring(0, authority + 2) + "localhost" + url.substring(authority + 2));
                } catch (URISyntaxException again) {
                    throw mue;
                }
            }
        }

        private static Url parseUri(String url) throws MalformedURLException, URISyntaxException {
            URI uri = new URI(url);
            if (uri.isOpaque()) {
                throw new MalformedURLException("not a hierarchical URL: " + url);
            }
            if (uri.getFragment() != null) {
                throw new MalformedURLException("invalid character, '#', in URL name: " + url);
            } else if (uri.getQuery() != null) {
                throw new MalformedURLException("invalid character, '?', in URL name: " + url);
            } else if (uri.getUserInfo() != null) {
                throw new MalformedURLException("invalid character, '@', in URL host: " + url);
            }
            String scheme = uri.getScheme();
            if (scheme != null && !scheme.equals("rmi") && !scheme.equals("mobula")) {
                throw new MalformedURLException("invalid URL scheme: " + url);
            }
            String name = uri.getPath();
            if (name != null) {
                if (name.startsWith("/")) {
                    name = name.substring(1);
                }
                if (name.isEmpty()) {
                    name = null;
                }
            }
            String host = uri.getHost();
            if (host == null) {
                host = "";
                try {
                    uri.parseServerAuthority(); // only server-based authorities, not 'host:bar'
                } catch (URISyntaxException notServer) {
                    String authority = uri.getAuthority();
                    if (authority == null || !authority.startsWith(":")) {
                        throw new MalformedURLException("invalid authority: " + url);
                    }
                    try {
                        uri = new URI(null, "localhost" + authority, null, null, null);
                        uri.parseServerAuthority();
                    } catch (URISyntaxException bad) {
                        throw new MalformedURLException("invalid authority: " + url);
                    }
                }
            }
            int port = uri.getPort();
            return new Url(host, port == -1 ? Registry.REGISTRY_PORT : port, name);
        }

        Registry registry() throws RemoteException {
            return LocateRegistry.getRegistry(bareHost(), port);
        }

        /** The host without an IPv6 literal's brackets; 127.0.0.1 for none. */
        String bareHost() {
            boolean bracketed = host.length() > 2 && host.startsWith("[") && host.endsWith("]");
            String h = bracketed ? host.substring(1, host.length() - 1) : host;
            return h.isEmpty() ? "127.0.0.1" : h;
        }
    }

    /**
     * The stub bound to the URL's name; the registry itself when the URL names none. A registry that does not speak
     * Mobula's protocol is asked through a bridge on the class path ({@code mobula-interop}: a standard java.rmi
     * registry, whose objects then come back as java.rmi stubs; docs/INTEROP.md).
     */
    public static Remote lookup(String url) throws NotBoundException, MalformedURLException, RemoteException {
        Url u = Url.parse(url);
        Registry registry = u.registry();
        if (u.name() == null) {
            return registry;
        }
        try {
            return registry.lookup(u.name());
        } catch (ConnectIOException notMobula) {
            for (ProtocolBridge b : Bridges.all()) {
                try {
                    return b.lookup(u.bareHost(), u.port(), u.name());
                } catch (RemoteException other) {
                    notMobula.addSuppressed(other);
                }
            }
            throw notMobula;
        }
    }

    /** Binds {@code obj} to the URL's name. */
    public static void bind(String url, Remote obj)
            throws AlreadyBoundException, MalformedURLException, RemoteException {
        Url u = Url.parse(url);
        Registry registry = u.registry();
        if (obj == null) {
            throw new NullPointerException("cannot bind to null");
        }
        registry.bind(u.name(), obj);
    }

    /** Removes the URL's binding. */
    public static void unbind(String url) throws RemoteException, NotBoundException, MalformedURLException {
        Url u = Url.parse(url);
        u.registry().unbind(u.name());
    }

    /** Binds {@code obj} to the URL's name, replacing any binding. */
    public static void rebind(String url, Remote obj) throws RemoteException, MalformedURLException {
        Url u = Url.parse(url);
        Registry registry = u.registry();
        if (obj == null) {
            throw new NullPointerException("cannot bind to null");
        }
        registry.rebind(u.name(), obj);
    }

    private static String[] listAt(Url u) throws RemoteException {
        try {
            return u.registry().list();
        } catch (ConnectIOException notMobula) {
            for (ProtocolBridge b : Bridges.all()) {
                try {
                    return b.list(u.bareHost(), u.port());
                } catch (RemoteException other) {
                    notMobula.addSuppressed(other);
                }
            }
            throw notMobula;
        }
    }

    /** The bound names, as java.rmi gives them: {@code //host:port/name}. */
    public static String[] list(String url) throws RemoteException, MalformedURLException {
        Url u = Url.parse(url);
        String[] names = listAt(u);
        String prefix = "//" + u.host() + ":" + u.port() + "/";
        String[] out = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = prefix + names[i];
        }
        return out;
    }
}
