package io.mobula.examples.fidelity.mobula;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.UnicastRemoteObject;

/** What a client sees when arguments or results cannot be serialized or deserialized: each exception level. */
public class Marshalling {
    /** Not Serializable. */
    public static class Opaque {
        public int x = 1;
    }

    /** Its first non-serializable superclass has no no-arg constructor: it can be written but never read. */
    public static class Base {
        public Base(int x) {
        }
    }

    public static class Unreadable extends Base implements Serializable {
        private static final long serialVersionUID = 1L;

        public Unreadable() {
            super(1);
        }
    }

    public interface Service extends Remote {
        int take(Object o) throws RemoteException;

        Object give(String what) throws RemoteException;
    }

    static class ServiceImpl implements Service {
        @Override
        public int take(Object o) {
            return 1;
        }

        @Override
        public Object give(String what) {
            return what.equals("opaque") ? new Opaque() : new Unreadable();
        }
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

    static void calls(Service s) {
        show("opaque argument", () -> s.take(new Opaque()));
        show("unreadable argument", () -> s.take(new Unreadable()));
        show("opaque result", () -> s.give("opaque"));
        show("unreadable result", () -> s.give("unreadable"));
        show("still usable", () -> s.take("fine"));
    }

    /** No arguments: in one process; {@code server PORT} and {@code client PORT}: across two. */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            ServiceImpl impl = new ServiceImpl();
            calls((Service) UnicastRemoteObject.exportObject(impl, 0));
            UnicastRemoteObject.unexportObject(impl, true);
        } else if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[1]));
            ServiceImpl impl = new ServiceImpl();
            registry.rebind("service", UnicastRemoteObject.exportObject(impl, 0));
            System.out.println("server ready");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
        } else {
            calls((Service) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[1])).lookup("service"));
        }
        System.exit(0);
    }
}
