package io.mobula.rmi.registry;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import java.rmi.RemoteException;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The standalone registry process: {@code ./mobula registry [--host H] [--port N] [--allow-remote-bind HOSTS]}.
 * Prints {@code registry listening on mobula://H:P} once it accepts connections, then serves until killed. It needs
 * none of the application's classes: it keeps the references bound to it as they arrived and hands them out
 * unchanged.
 */
public final class RegistryMain {
    private RegistryMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        String host = System.getProperty("mobula.host", "127.0.0.1");
        int port = Registry.REGISTRY_PORT;
        Collection<String> binders = RegistryImpl.remoteBindersFromSystemProperty();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--host" -> {
                    host = require(a, v);
                    i++;
                }
                case "--port" -> {
                    port = parsePort(require(a, v));
                    i++;
                }
                case "--allow-remote-bind" -> {
                    binders = List.of(require(a, v).split(","));
                    i++;
                }
                case "-h", "--help" -> {
                    System.out.println(USAGE);
                    return;
                }
                default -> usage("unknown argument: " + a);
            }
        }
        try {
            Rmi.configure(RmiConfig.fromSystemProperties().withHost(host).withPort(port));
            LocateRegistry.createRegistry(port, binders);
        } catch (RemoteException | IllegalArgumentException | IllegalStateException e) {
            System.err.println("mobula registry: " + e.getMessage()); // e.g. a cluster secret file others can read
            System.exit(1);
        }
        System.out.println("registry listening on mobula://" + host + ":" + LocateRegistry.localPort());
        System.out.flush();
        new CountDownLatch(1).await();
    }

    private static final String USAGE = "usage: mobula registry [--host HOST] [--port PORT] [--allow-remote-bind HOSTS]\n"
            + "  default 127.0.0.1:1099; port 0 picks a free one. Only callers on this host may bind, rebind and\n"
            + "  unbind, unless --allow-remote-bind names other hosts (comma-separated; * for every host).";

    private static String require(String flag, String value) {
        if (value == null) {
            usage(flag + " needs a value");
        }
        return value;
    }

    private static int parsePort(String s) {
        try {
            int p = Integer.parseInt(s);
            if (p >= 0 && p <= 65535) {
                return p;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        usage("bad port: " + s);
        return -1;
    }

    private static void usage(String why) {
        System.err.println("mobula registry: " + why);
        System.err.println(USAGE);
        System.exit(2);
    }
}
