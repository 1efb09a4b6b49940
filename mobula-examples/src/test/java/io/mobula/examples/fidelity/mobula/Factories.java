package io.mobula.examples.fidelity.mobula;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Socket factories and their equality: objects exported with equal server socket factories share one server socket,
 * unequal ones get their own; a client reaches objects behind equal client socket factories over one connection, and
 * stubs carry their client factory (and compare by object, not by factory).
 */
public class Factories {
    static final AtomicInteger SERVER_SOCKETS = new AtomicInteger();
    static final AtomicInteger CLIENT_SOCKETS = new AtomicInteger();

    /** Equal when their tags are. */
    public static class ServerFactory implements RMIServerSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        final String tag;

        ServerFactory(String tag) {
            this.tag = tag;
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            SERVER_SOCKETS.incrementAndGet();
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ServerFactory f && f.tag.equals(tag);
        }

        @Override
        public int hashCode() {
            return tag.hashCode();
        }
    }

    /** Equal when their tags are. */
    public static class ClientFactory implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        final String tag;

        ClientFactory(String tag) {
            this.tag = tag;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            CLIENT_SOCKETS.incrementAndGet();
            return new Socket(host, port);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ClientFactory f && f.tag.equals(tag);
        }

        @Override
        public int hashCode() {
            return tag.hashCode();
        }
    }

    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    static class EchoImpl implements Echo {
        private final String name;

        EchoImpl(String name) {
            this.name = name;
        }

        @Override
        public String echo(String s) {
            return name + ":" + s;
        }
    }

    /** {@code server PORT}: exports three objects and serves until told; {@code client PORT}: calls them. */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(port);
            EchoImpl a = new EchoImpl("a");
            EchoImpl b = new EchoImpl("b");
            EchoImpl c = new EchoImpl("c");
            registry.rebind("a", UnicastRemoteObject.exportObject(a, 0, new ClientFactory("x"),
                    new ServerFactory("x")));
            registry.rebind("b", UnicastRemoteObject.exportObject(b, 0, new ClientFactory("x"),
                    new ServerFactory("x")));
            registry.rebind("c", UnicastRemoteObject.exportObject(c, 0, new ClientFactory("y"),
                    new ServerFactory("y")));
            System.out.println("server sockets for three objects, two factories: " + SERVER_SOCKETS.get());
            System.out.println("server ready");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
            for (EchoImpl e : new EchoImpl[] {a, b, c}) {
                UnicastRemoteObject.unexportObject(e, true);
            }
            UnicastRemoteObject.unexportObject(registry, true);
            System.out.println("server done");
        } else {
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
            Echo a = (Echo) registry.lookup("a");
            Echo b = (Echo) registry.lookup("b");
            Echo c = (Echo) registry.lookup("c");
            // (not printed here: how many sockets the look-ups made. java.rmi connects to take a lease as soon as it
            // receives a reference; Mobula connects at the first call, docs/JAVA_RMI.md, "Distributed garbage
            // collection")
            System.out.println(a.echo("1") + " " + b.echo("2") + " " + c.echo("3") + " " + a.echo("4"));
            System.out.println("client sockets: " + CLIENT_SOCKETS.get());
            System.out.println("a equals b: " + a.equals(b) + ", a equals a again: " + a.equals(registry.lookup("a"))
                    + ", same hash: " + (a.hashCode() == registry.lookup("a").hashCode()));
        }
        System.exit(0);
    }
}
