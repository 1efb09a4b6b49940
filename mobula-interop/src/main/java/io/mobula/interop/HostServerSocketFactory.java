package io.mobula.interop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/**
 * Server sockets on one address (the address Mobula listens on, 127.0.0.1 by default), not on every interface as
 * java.rmi's default factory makes them. One instance per bridge: java.rmi shares a listener among the objects
 * exported on the same port with an equal factory, and this one is equal only to itself.
 */
final class HostServerSocketFactory implements RMIServerSocketFactory {
    private final InetAddress address;
    private volatile int lastPort;

    HostServerSocketFactory(InetAddress address) {
        this.address = address;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket s = new ServerSocket(port, 0, address);
        lastPort = s.getLocalPort();
        return s;
    }

    /** The port of the last server socket made (the one an ephemeral port request got). */
    int lastPort() {
        return lastPort;
    }

    @Override
    public String toString() {
        return "server sockets on " + address.getHostAddress();
    }
}
