package io.mobula.examples.fidelity.mobula;

import java.io.IOException;
import java.io.Serializable;
import java.lang.ref.WeakReference;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import io.mobula.rmi.server.UnicastRemoteObject;

/**
 * A client socket factory given to getRegistry is not kept once the registry stub is dropped (and its idle
 * connection closed): {@code FactoryGc PORT}.
 */
public class FactoryGc {
    /** The server's factories. */
    static class ServerSide implements RMIClientSocketFactory, RMIServerSocketFactory, Serializable {
        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }
    }

    /** The client's own factory, which counts its sockets. */
    static class ClientSide implements RMIClientSocketFactory, Serializable {
        int sockets;

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            sockets++;
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("sun.rmi.transport.connectionTimeout", "500"); // java.rmi's idle connections: 0.5 s
        ServerSide f = new ServerSide();
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]), f, f);
        ClientSide csf = new ClientSide();
        WeakReference<ClientSide> weak = new WeakReference<>(csf);
        Registry stub = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]), csf);
        System.out.println("names: " + stub.list().length + ", sockets made by the client factory: " + csf.sockets);
        stub = null;
        csf = null;
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (weak.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(100);
        }
        System.out.println("client factory collected: " + (weak.get() == null));
        UnicastRemoteObject.unexportObject(registry, true);
        System.exit(0);
    }
}
