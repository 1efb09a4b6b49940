package io.mobula.examples.fidelity.jrmi;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/**
 * A value of a class the receiving process does not have: each side loads a class of its own from a directory that
 * is not on the class path, so the other cannot load it. The client sees java.rmi's wrapping over the
 * {@code ClassNotFoundException}.
 */
public class UnknownClass {
    public interface Service extends Remote {
        int take(Object o) throws RemoteException;

        Object give() throws RemoteException;
    }

    static class ServiceImpl implements Service {
        private final Path classes;

        ServiceImpl(Path classes) {
            this.classes = classes;
        }

        @Override
        public int take(Object o) {
            return 1;
        }

        @Override
        public Object give() {
            try {
                return newInstanceOfOwnClass(classes, "ServerOnly");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** An instance of {@code unknown.<name>}, loaded from {@code dir} by a class loader of its own. */
    static Object newInstanceOfOwnClass(Path dir, String name) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                UnknownClass.class.getClassLoader());
        return loader.loadClass("unknown." + name).getConstructor().newInstance();
    }

    interface Call {
        Object run() throws Exception;
    }

    static void show(String what, Call call) {
        try {
            System.out.println(what + ": returned " + call.run());
        } catch (Exception e) {
            StringBuilder sb = new StringBuilder(what).append(':');
            for (Throwable t = e; t != null; t = t.getCause()) {
                sb.append("\n  ").append(t.getClass().getName()).append(": ").append(t.getMessage());
            }
            System.out.println(sb);
        }
    }

    /**
     * {@code server PORT DIR} serves until told; {@code client PORT DIR} calls it. DIR holds the compiled classes
     * {@code unknown.ServerOnly} and {@code unknown.ClientOnly}.
     */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(port);
            ServiceImpl impl = new ServiceImpl(Path.of(args[2]));
            registry.rebind("service", UnicastRemoteObject.exportObject(impl, 0));
            System.out.println("server ready");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
        } else {
            Service s = (Service) LocateRegistry.getRegistry("127.0.0.1", port).lookup("service");
            Object mine = newInstanceOfOwnClass(Path.of(args[2]), "ClientOnly");
            show("argument of a class the server does not have", () -> s.take(mine));
            show("result of a class the client does not have", s::give);
            show("still usable", () -> s.take("fine"));
        }
        System.exit(0);
    }
}
