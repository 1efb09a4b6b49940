package io.mobula.examples.fidelity.jrmi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMISocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process-wide socket factory ({@code RMISocketFactory.setSocketFactory}): objects and a registry exported
 * without factories of their own listen on server sockets it makes, and calls through references without a client
 * factory (a registry named by host and port, the stubs it hands out, a callback) connect on sockets it makes.
 */
public class GlobalFactory {
    static final AtomicInteger CLIENT_SOCKETS = new AtomicInteger();
    static final List<Integer> SERVER_PORTS = new CopyOnWriteArrayList<>();

    /** Counts what it makes; binds to loopback. */
    public static class Counting extends RMISocketFactory {
        @Override
        public Socket createSocket(String host, int port) throws IOException {
            CLIENT_SOCKETS.incrementAndGet();
            return new Socket(host, port);
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            SERVER_PORTS.add(port);
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }
    }

    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;

        /** Calls {@code other} back. */
        String through(Echo other, String s) throws RemoteException;
    }

    static class EchoImpl extends UnicastRemoteObject implements Echo {
        private static final long serialVersionUID = 1L;
        private final String name;

        EchoImpl(String name) throws RemoteException {
            this.name = name;
        }

        @Override
        public String echo(String s) {
            return name + ":" + s;
        }

        @Override
        public String through(Echo other, String s) throws RemoteException {
            return name + ">" + other.echo(s);
        }
    }

    static class PlainEcho implements Echo {
        @Override
        public String echo(String s) {
            return "b:" + s;
        }

        @Override
        public String through(Echo other, String s) throws RemoteException {
            return "b>" + other.echo(s);
        }
    }

    /** The ports the factory was asked to listen on, the registry's named. */
    static String ports(int registryPort) {
        return SERVER_PORTS.stream().map(p -> p == registryPort ? "the registry's" : p.toString()).toList().toString();
    }

    /** {@code server PORT}: a registry and two objects, serving until told; {@code client PORT}: calls them. */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        RMISocketFactory.setSocketFactory(new Counting());
        if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(port);
            EchoImpl a = new EchoImpl("a");
            PlainEcho b = new PlainEcho();
            registry.rebind("a", a);
            registry.rebind("b", UnicastRemoteObject.exportObject(b, 0));
            System.out.println("server sockets from the global factory, ports asked: " + ports(port));
            System.out.println("server ready");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
            System.out.println("the server called back on sockets of the global factory: "
                    + (CLIENT_SOCKETS.get() > 0));
            System.out.println("server sockets from the global factory, ports asked: " + ports(port));
            UnicastRemoteObject.unexportObject(a, true);
            UnicastRemoteObject.unexportObject(b, true);
            UnicastRemoteObject.unexportObject(registry, true);
            System.out.println("server done");
        } else {
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
            Echo a = (Echo) registry.lookup("a");
            Echo b = (Echo) registry.lookup("b");
            System.out.println(a.echo("1") + " " + b.echo("2"));
            System.out.println("the client connected on sockets of the global factory: " + (CLIENT_SOCKETS.get() > 0));
            EchoImpl callback = new EchoImpl("cb");
            System.out.println("client server sockets from the global factory, ports asked: " + ports(port));
            System.out.println(a.through(callback, "3") + " " + b.through(callback, "4"));
            UnicastRemoteObject.unexportObject(callback, true);
        }
        System.exit(0);
    }
}
