package io.mobula.examples.fidelity.jrmi;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;

/**
 * Listeners on explicit ports close once the last object exported on them is unexported, so the port can be used
 * again: {@code Ports PORT1 PORT2}.
 */
public class Ports {
    public interface Counter extends Remote {
        int next() throws RemoteException;
    }

    static class CounterImpl implements Counter {
        private int n;

        @Override
        public synchronized int next() {
            return ++n;
        }
    }

    /** Plain loopback sockets, made by factories (equal to each other, so one listener serves them). */
    static class Loopback implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Loopback;
        }

        @Override
        public int hashCode() {
            return 7;
        }
    }

    /** Whether the port can be bound now. */
    static String now(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return "free";
        } catch (IOException e) {
            return "taken";
        }
    }

    /** Whether the port can be bound within two seconds (a server socket's close may complete a moment later). */
    static String soon(int port) throws InterruptedException {
        for (int i = 0; i < 40; i++) {
            if (now(port).equals("free")) {
                return "free";
            }
            Thread.sleep(50);
        }
        return "taken";
    }

    public static void main(String[] args) throws Exception {
        int p = Integer.parseInt(args[0]);
        int q = Integer.parseInt(args[1]);
        CounterImpl a = new CounterImpl();
        CounterImpl b = new CounterImpl();
        Counter sa = (Counter) UnicastRemoteObject.exportObject(a, p);
        Counter sb = (Counter) UnicastRemoteObject.exportObject(b, p);
        System.out.println("two objects on the port: " + sa.next() + " " + sb.next() + "; port " + now(p));
        UnicastRemoteObject.unexportObject(a, true);
        System.out.println("one unexported: " + sb.next() + "; port " + now(p));
        UnicastRemoteObject.unexportObject(b, true);
        System.out.println("both unexported: port " + soon(p));
        Registry registry = LocateRegistry.createRegistry(p);
        System.out.println("a registry on the port lists " + registry.list().length + " names");
        UnicastRemoteObject.unexportObject(registry, true);
        System.out.println("registry unexported: port " + soon(p));
        Counter again = (Counter) UnicastRemoteObject.exportObject(a, p);
        System.out.println("exported again on the port: " + again.next());
        UnicastRemoteObject.unexportObject(a, true);
        System.out.println("unexported again: port " + soon(p));

        Loopback f = new Loopback();
        CounterImpl c = new CounterImpl();
        Counter sc = (Counter) UnicastRemoteObject.exportObject(c, q, f, f);
        System.out.println("with factories: " + sc.next() + "; port " + now(q));
        UnicastRemoteObject.unexportObject(c, true);
        System.out.println("with factories, unexported: port " + soon(q));
        Registry withFactories = LocateRegistry.createRegistry(q, f, f);
        System.out.println("a registry with factories lists " + withFactories.list().length + " names");
        UnicastRemoteObject.unexportObject(withFactories, true);
        System.out.println("that registry unexported: port " + soon(q));

        // a port another socket of the process holds (port and address left out: they vary from run to run)
        try (ServerSocket other = new ServerSocket(q, 50, InetAddress.getLoopbackAddress())) {
            CounterImpl d = new CounterImpl();
            try {
                UnicastRemoteObject.exportObject(d, q);
                System.out.println("export on a taken port: exported");
            } catch (RemoteException e) {
                System.out.println("export on a taken port: " + e.getClass().getName() + ", cause "
                        + e.getCause().getClass().getName() + ", message names the port: "
                        + String.valueOf(e.getMessage()).contains(Integer.toString(q)));
            }
            try {
                LocateRegistry.createRegistry(q);
                System.out.println("a registry on a taken port: created");
            } catch (RemoteException e) {
                System.out.println("a registry on a taken port: " + e.getClass().getName() + ", cause "
                        + e.getCause().getClass().getName());
            }
        }
        System.exit(0);
    }
}
