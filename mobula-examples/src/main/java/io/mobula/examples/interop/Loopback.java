package io.mobula.examples.interop;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/** Server sockets on the loopback address only (plain java.rmi listens on every interface by default). */
public final class Loopback implements RMIServerSocketFactory, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 0, InetAddress.getLoopbackAddress());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Loopback;
    }

    @Override
    public int hashCode() {
        return Loopback.class.hashCode();
    }
}
