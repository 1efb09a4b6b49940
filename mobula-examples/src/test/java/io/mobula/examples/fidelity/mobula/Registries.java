package io.mobula.examples.fidelity.mobula;

import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.util.Arrays;

/** Several registries in one process, on different ports: {@code Registries PORT1 PORT2}. */
public class Registries {
    public interface Named extends Remote {
        String name() throws RemoteException;
    }

    static class NamedImpl implements Named {
        private final String name;

        NamedImpl(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }
    }

    public static void main(String[] args) throws Exception {
        int a = Integer.parseInt(args[0]);
        int b = Integer.parseInt(args[1]);
        Registry first = LocateRegistry.createRegistry(a);
        Registry second = LocateRegistry.createRegistry(b);
        NamedImpl x = new NamedImpl("x");
        NamedImpl y = new NamedImpl("y");
        first.bind("x", UnicastRemoteObject.exportObject(x, 0));
        second.bind("y", UnicastRemoteObject.exportObject(y, 0));
        Registry atA = LocateRegistry.getRegistry("127.0.0.1", a);
        Registry atB = LocateRegistry.getRegistry("127.0.0.1", b);
        System.out.println("first lists " + Arrays.toString(atA.list()));
        System.out.println("second lists " + Arrays.toString(atB.list()));
        System.out.println("y through the second: " + ((Named) atB.lookup("y")).name());
        try {
            atA.lookup("y");
        } catch (Exception e) {
            System.out.println("y through the first: " + e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            atA.bind("x", UnicastRemoteObject.toStub(y));
        } catch (Exception e) {
            System.out.println("bind a bound name: " + e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            atA.unbind("nothing");
        } catch (Exception e) {
            System.out.println("unbind a name never bound: " + e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            atA.bind(null, UnicastRemoteObject.toStub(y));
        } catch (Exception e) {
            System.out.println("bind a null name: " + e.getClass().getName());
        }
        Registry atAAgain = LocateRegistry.getRegistry("127.0.0.1", a);
        System.out.println("two stubs for the first: equal " + atAAgain.equals(atA) + ", same hash "
                + (atAAgain.hashCode() == atA.hashCode()) + "; for the first and the second: equal "
                + atA.equals(atB));
        int none;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            none = s.getLocalPort();
        }
        Registry nowhere = LocateRegistry.getRegistry("127.0.0.1", none);
        System.out.println("a stub for a port without a registry: made");
        try {
            nowhere.list();
        } catch (Exception e) {
            System.out.println("its first call: " + e.getClass().getName() + ", cause "
                    + e.getCause().getClass().getName());
        }
        try {
            LocateRegistry.createRegistry(a);
        } catch (Exception e) {
            System.out.println("again on the first port: " + e.getClass().getName() + ": " + e.getMessage());
        }
        UnicastRemoteObject.unexportObject(first, true);
        System.out.println("first unexported; second still lists " + Arrays.toString(atB.list()));
        Registry third = createAgain(a);
        third.bind("z", UnicastRemoteObject.toStub(x));
        // listed directly: java.rmi may send a call through atA over the connection its first registry accepted,
        // and that connection sometimes never answers once that registry is gone (the JDK's pooled connection)
        System.out.println("a new one on the first port lists " + Arrays.toString(third.list()));
        UnicastRemoteObject.unexportObject(third, true);
        UnicastRemoteObject.unexportObject(second, true);
        UnicastRemoteObject.unexportObject(x, true);
        UnicastRemoteObject.unexportObject(y, true);
        System.exit(0);
    }

    /**
     * A registry on a port whose last listener was just unexported. java.rmi closes that listener on a thread of its
     * own, so its port is sometimes still taken for a moment (seen once in about ten runs): try again for up to 5 s.
     */
    private static Registry createAgain(int port) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (true) {
            try {
                return LocateRegistry.createRegistry(port);
            } catch (java.rmi.server.ExportException e) {
                if (!(e.getCause() instanceof java.net.BindException) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }
}
