package io.mobula.examples.classic;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import java.util.Arrays;

/**
 * Runs a java.rmi program with every java.rmi server socket bound to 127.0.0.1 (java.rmi has no bind-address
 * setting): {@code JrmiLoopback <main class> <args...>}. Not part of the programs; only the reference runs use it.
 */
public final class JrmiLoopback extends RMISocketFactory {
    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(host, port);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
    }

    public static void main(String[] args) throws Throwable {
        RMISocketFactory.setSocketFactory(new JrmiLoopback());
        Class.forName(args[0]).getMethod("main", String[].class)
                .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    }
}
