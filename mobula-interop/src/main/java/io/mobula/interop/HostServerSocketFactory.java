package io.mobula.interop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIServerSocketFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * The bridge's listeners: on one address (loopback unless {@link BridgeOptions#host()} names another), not on every
 * interface as java.rmi's default factory makes them; with TLS when the options ask for it (requiring a client
 * certificate the trust store accepts unless told not to); and every accepted connection read through a
 * {@link ConnectionGuard}. One instance per bridge: java.rmi shares a listener among the objects exported on the
 * same port with an equal factory, and this one is equal only to itself.
 */
final class HostServerSocketFactory implements RMIServerSocketFactory {
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    private final InetAddress address;
    private final BridgeOptions options;
    private final long maxHashWork;
    private final int maxDepth;
    private volatile int lastPort;

    HostServerSocketFactory(InetAddress address, BridgeOptions options, long maxHashWork, int maxDepth) {
        this.address = address;
        this.options = options;
        this.maxHashWork = maxHashWork;
        this.maxDepth = maxDepth;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket s = new Listener(port);
        lastPort = s.getLocalPort();
        return s;
    }

    /** The port of the last server socket made (the one an ephemeral port request got). */
    int lastPort() {
        return lastPort;
    }

    @Override
    public String toString() {
        return "server sockets on " + address.getHostAddress() + (options.tls() != null ? " (TLS)" : "");
    }

    /** Accepts connections as {@link GuardedSocket}s, TLS server sockets layered over TCP when asked. */
    private final class Listener extends ServerSocket {
        Listener(int port) throws IOException {
            super(port, 0, address);
        }

        @Override
        public Socket accept() throws IOException {
            Socket tcp = super.accept();
            try {
                Socket s = tcp;
                SSLContext tls = options.tls();
                if (tls != null) {
                    // server mode; the handshake runs on java.rmi's connection thread at its first read
                    SSLSocket ssl = (SSLSocket) tls.getSocketFactory().createSocket(tcp, null, true);
                    ssl.setEnabledProtocols(PROTOCOLS);
                    ssl.setNeedClientAuth(options.clientAuth());
                    s = ssl;
                }
                return new GuardedSocket(s, maxHashWork, maxDepth, options.maxReferences());
            } catch (IOException | RuntimeException e) {
                tcp.close();
                throw e;
            }
        }
    }
}
