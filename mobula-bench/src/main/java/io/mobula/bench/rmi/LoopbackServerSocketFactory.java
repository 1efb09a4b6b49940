package io.mobula.bench.rmi;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/** Binds java.rmi's listening sockets to 127.0.0.1 only. Equal instances let exports share one port. */
final class LoopbackServerSocketFactory implements RMIServerSocketFactory, Serializable {
    private static final long serialVersionUID = 1L;
    static final LoopbackServerSocketFactory INSTANCE = new LoopbackServerSocketFactory();

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 128, InetAddress.getLoopbackAddress());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoopbackServerSocketFactory;
    }

    @Override
    public int hashCode() {
        return LoopbackServerSocketFactory.class.hashCode();
    }
}
