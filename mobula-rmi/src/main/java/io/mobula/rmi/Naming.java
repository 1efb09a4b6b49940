package io.mobula.rmi;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.net.MalformedURLException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Shaped like {@code java.rmi.Naming}: registry operations addressed by URL, {@code mobula://host:port/name}
 * ({@code rmi://} and {@code //} are accepted too, so ported programs keep their URLs). The host defaults to
 * 127.0.0.1 and the port to 1099.
 */
public final class Naming {
    private Naming() {
    }

    /** A parsed registry URL. */
    record Url(String host, int port, String name) {
        static Url parse(String url, boolean nameRequired) throws MalformedURLException {
            if (url == null) {
                throw new MalformedURLException("null URL");
            }
            String rest = url;
            for (String scheme : new String[] {"mobula:", "rmi:"}) {
                if (rest.startsWith(scheme)) {
                    rest = rest.substring(scheme.length());
                    break;
                }
            }
            String host = "127.0.0.1";
            int port = Registry.REGISTRY_PORT;
            if (rest.startsWith("//")) {
                rest = rest.substring(2);
                int slash = rest.indexOf('/');
                String authority = slash < 0 ? rest : rest.substring(0, slash);
                rest = slash < 0 ? "" : rest.substring(slash + 1);
                int colon = authority.lastIndexOf(':');
                boolean bracketed = authority.startsWith("[");
                if (colon > 0 && (!bracketed || authority.lastIndexOf(']') < colon)) {
                    try {
                        port = Integer.parseInt(authority.substring(colon + 1));
                    } catch (NumberFormatException e) {
                        throw new MalformedURLException("bad port in " + url);
                    }
                    if (port <= 0 || port > 65535) {
                        throw new MalformedURLException("bad port in " + url);
                    }
                    authority = authority.substring(0, colon);
                }
                if (bracketed && authority.endsWith("]")) {
                    authority = authority.substring(1, authority.length() - 1);
                }
                if (!authority.isEmpty()) {
                    host = authority;
                }
            } else if (rest.startsWith("/")) {
                rest = rest.substring(1);
            }
            if (nameRequired && rest.isEmpty()) {
                throw new MalformedURLException("no name in " + url);
            }
            return new Url(host, port, rest);
        }

        Registry registry() throws RemoteException {
            return LocateRegistry.getRegistry(host, port);
        }
    }

    /** The stub bound to the URL's name. */
    public static Remote lookup(String url) throws NotBoundException, MalformedURLException, RemoteException {
        Url u = Url.parse(url, true);
        return u.registry().lookup(u.name());
    }

    /** Binds {@code obj} to the URL's name. */
    public static void bind(String url, Remote obj)
            throws AlreadyBoundException, MalformedURLException, RemoteException {
        Url u = Url.parse(url, true);
        u.registry().bind(u.name(), obj);
    }

    /** Removes the URL's binding. */
    public static void unbind(String url) throws RemoteException, NotBoundException, MalformedURLException {
        Url u = Url.parse(url, true);
        u.registry().unbind(u.name());
    }

    /** Binds {@code obj} to the URL's name, replacing any binding. */
    public static void rebind(String url, Remote obj) throws RemoteException, MalformedURLException {
        Url u = Url.parse(url, true);
        u.registry().rebind(u.name(), obj);
    }

    /** The bound names, as URLs {@code mobula://host:port/name}. */
    public static String[] list(String url) throws RemoteException, MalformedURLException {
        Url u = Url.parse(url, false);
        String[] names = u.registry().list();
        String prefix = "mobula://" + (u.host().indexOf(':') >= 0 ? "[" + u.host() + "]" : u.host()) + ":"
                + u.port() + "/";
        String[] out = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = prefix + names[i];
        }
        return out;
    }
}
