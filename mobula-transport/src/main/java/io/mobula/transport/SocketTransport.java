package io.mobula.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Objects;

/**
 * The {@code "sock+tcp"} technology: frames over blocking {@link Socket} streams made by pluggable factories, so a
 * program can put its own sockets under a connection (TLS through {@code javax.net.ssl}, as java.rmi's socket
 * factories do). The framing is the one of {@code "tcp"} (4-byte big-endian length, then the payload), so with plain
 * sockets either side may be NIO {@code tcp}.
 *
 * <p>What it costs against {@code tcp}: one platform thread per connection blocked in a read (no busy-poll, and
 * {@link Connection#receiveUntil} returns at once: no caller polling), and every frame is copied through a buffered
 * output stream. Endpoints are {@code sock+tcp://host:port}. {@link Transports#create(String)} gives one with
 * plain sockets; {@link #create(TransportOptions, ClientSockets, ServerSockets)} one with given factories.
 */
public final class SocketTransport extends TransportBase<SocketTransport.SocketListener, SocketConnection> {

    /** The technology name and endpoint scheme. */
    public static final String NAME = "sock+tcp";

    /** Makes the client socket of a connection (shaped like {@code RMIClientSocketFactory.createSocket}). */
    @FunctionalInterface
    public interface ClientSockets {
        /** A socket connected to {@code host:port}. */
        Socket create(String host, int port) throws IOException;
    }

    /** Makes the listening socket (shaped like {@code RMIServerSocketFactory.createServerSocket}). */
    @FunctionalInterface
    public interface ServerSockets {
        /** A server socket bound to {@code port} (0: any). */
        ServerSocket create(int port) throws IOException;
    }

    private final ClientSockets clientSockets;
    private final ServerSockets serverSockets;

    private SocketTransport(TransportOptions options, ClientSockets clientSockets, ServerSockets serverSockets) {
        super(NAME, true, options);
        this.clientSockets = clientSockets;
        this.serverSockets = serverSockets;
    }

    /**
     * A transport whose connections use sockets made by the given factories; {@code null} means plain sockets
     * (client: connected with the options' connect timeout; server: bound to the endpoint's host).
     */
    public static SocketTransport create(TransportOptions options, ClientSockets clientSockets,
                                         ServerSockets serverSockets) {
        return new SocketTransport(Objects.requireNonNull(options, "options"), clientSockets, serverSockets);
    }

    @Override
    public Listener listen(Endpoint local, FrameHandler handler) throws IOException {
        checkEndpoint(local);
        Objects.requireNonNull(handler, "handler");
        ensureOpen();
        ServerSocket server;
        if (serverSockets == null) {
            server = new ServerSocket();
            try {
                server.setReuseAddress(true);
                server.bind(new InetSocketAddress(InetAddress.getByName(local.host()), local.port()), 128);
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
        } else {
            server = serverSockets.create(local.port());
            if (server == null) {
                throw new IOException("the server socket factory returned null");
            }
        }
        SocketListener listener = new SocketListener(server, new Endpoint(NAME, local.host(), server.getLocalPort(), null),
                handler);
        listeners.add(listener);
        if (closed) {
            listener.close();
            throw new IOException(NAME + " transport is closed");
        }
        listener.start();
        return listener;
    }

    @Override
    public Connection connect(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        checkEndpoint(remote);
        Objects.requireNonNull(handler, "handler");
        ensureOpen();
        Duration t = timeout == null ? options.connectTimeout() : timeout;
        Socket socket;
        if (clientSockets == null) {
            InetSocketAddress address = new InetSocketAddress(remote.host(), remote.port());
            if (address.isUnresolved()) {
                throw new IOException("cannot resolve " + remote);
            }
            socket = new Socket();
            try {
                socket.connect(address, (int) Math.max(1, Math.min(Integer.MAX_VALUE, t.toMillis())));
            } catch (IOException | RuntimeException e) {
                socket.close();
                throw e;
            }
        } else {
            // the factory connects; like java.rmi it gets no timeout, the socket's own connect timeout applies
            socket = clientSockets.create(remote.host(), remote.port());
            if (socket == null) {
                throw new IOException("the client socket factory returned null");
            }
        }
        SocketConnection connection;
        try {
            connection = adopt(socket, remote, handler);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
        connection.open();
        connection.start(false);
        return connection;
    }

    private SocketConnection adopt(Socket socket, Endpoint remote, FrameHandler handler) throws IOException {
        try {
            socket.setTcpNoDelay(options.tcpNoDelay());
            socket.setKeepAlive(true);
        } catch (SocketException e) {
            // a factory's socket need not support every option (e.g. a tunnel)
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "socket options on " + remote + ": " + e);
        }
        SocketConnection connection = new SocketConnection(socket, remote, handler, options, connections::remove);
        connections.add(connection);
        if (closed) {
            connection.close();
        }
        return connection;
    }

    /** Accepts on a server socket until it is closed, one platform thread. */
    final class SocketListener implements Listener, Runnable {
        private final ServerSocket server;
        private final Endpoint endpoint;
        private final FrameHandler handler;

        SocketListener(ServerSocket server, Endpoint endpoint, FrameHandler handler) {
            this.server = server;
            this.endpoint = endpoint;
            this.handler = handler;
        }

        void start() {
            Thread.ofPlatform().daemon().name("mobula-sock-accept-" + endpoint).start(this);
        }

        @Override
        public void run() {
            while (!server.isClosed()) {
                Socket socket;
                try {
                    socket = server.accept();
                } catch (IOException e) {
                    if (server.isClosed()) {
                        break;
                    }
                    StreamConnection.LOG.log(System.Logger.Level.WARNING, "accept on " + endpoint + " failed", e);
                    sleepQuietly();
                    continue;
                }
                if (server.isClosed()) {
                    closeQuietly(socket);
                    break;
                }
                try {
                    InetAddress peer = socket.getInetAddress();
                    Endpoint remote = new Endpoint(NAME, peer.getHostAddress(), socket.getPort(), null);
                    adopt(socket, remote, handler).start(true);
                } catch (IOException | RuntimeException e) {
                    StreamConnection.LOG.log(System.Logger.Level.WARNING,
                            "setting up an accepted connection on " + endpoint + " failed", e);
                    closeQuietly(socket);
                }
            }
            listeners.remove(this);
        }

        private void closeQuietly(Socket socket) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // already failing
            }
        }

        private void sleepQuietly() {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Endpoint endpoint() {
            return endpoint;
        }

        @Override
        public boolean isOpen() {
            return !server.isClosed();
        }

        @Override
        public void close() {
            try {
                server.close();
            } catch (IOException e) {
                StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "closing listener " + endpoint + ": " + e);
            }
            listeners.remove(this);
        }

        @Override
        public String toString() {
            return NAME + " listener " + endpoint;
        }
    }
}
