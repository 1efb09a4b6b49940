package io.mobula.examples.shape;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;
import javax.net.ssl.SSLServerSocketFactory;

/** TLS server sockets (the default SSLContext, from javax.net.ssl.keyStore) bound to 127.0.0.1 only. */
public final class LoopbackSslServerSockets implements RMIServerSocketFactory, Serializable {
    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return SSLServerSocketFactory.getDefault().createServerSocket(port, 50, InetAddress.getLoopbackAddress());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoopbackSslServerSockets;
    }

    @Override
    public int hashCode() {
        return LoopbackSslServerSockets.class.hashCode();
    }
}
