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
public final class SocketTransport extends TransportBase<AcceptingListener<Socket>, SocketConnection> {

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

    /**
     * Decides whether a listener goes on accepting after its server socket's {@code accept} failed (shaped like
     * {@code RMIFailureHandler.failure}); false closes the listener. The failure is logged first either way.
     */
    @FunctionalInterface
    public interface AcceptFailures {
        /** Whether to go on accepting after {@code failure}. */
        boolean keepAccepting(IOException failure);
    }

    private final ClientSockets clientSockets;
    private final ServerSockets serverSockets;
    private final AcceptFailures acceptFailures;

    private SocketTransport(TransportOptions options, ClientSockets clientSockets, ServerSockets serverSockets,
                            AcceptFailures acceptFailures) {
        super(NAME, true, options);
        this.clientSockets = clientSockets;
        this.serverSockets = serverSockets;
        this.acceptFailures = acceptFailures;
    }

    /**
     * A transport whose connections use sockets made by the given factories; {@code null} means plain sockets
     * (client: connected with the options' connect timeout; server: bound to the endpoint's host).
     */
    public static SocketTransport create(TransportOptions options, ClientSockets clientSockets,
                                         ServerSockets serverSockets) {
        return create(options, clientSockets, serverSockets, null);
    }

    /**
     * As {@link #create(TransportOptions, ClientSockets, ServerSockets)}, with what its listeners do when an
     * {@code accept} fails ({@code null}: go on after a short pause).
     */
    public static SocketTransport create(TransportOptions options, ClientSockets clientSockets,
                                         ServerSockets serverSockets, AcceptFailures acceptFailures) {
        return new SocketTransport(Objects.requireNonNull(options, "options"), clientSockets, serverSockets,
                acceptFailures);
    }

    @Override
    Listener bind(Endpoint local, FrameHandler handler) throws IOException {
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
        AcceptingListener<Socket> listener = new AcceptingListener<>(this,
                new Endpoint(NAME, local.host(), server.getLocalPort(), null), server, () -> !server.isClosed(),
                server::accept, socket -> accepted(socket, handler), acceptFailures);
        register(listener);
        listener.start("mobula-sock-accept-");
        return listener;
    }

    @Override
    Connection dial(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        Socket socket;
        if (clientSockets == null) {
            InetSocketAddress address = new InetSocketAddress(remote.host(), remote.port());
            if (address.isUnresolved()) {
                throw new IOException("cannot resolve " + remote);
            }
            socket = new Socket();
            try {
                socket.connect(address, (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
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

    /** Sets up a socket the listener accepted and starts its connection. */
    private void accepted(Socket socket, FrameHandler handler) throws IOException {
        InetAddress peer = socket.getInetAddress();
        Object admitted = admission.admit(peer, socket);
        if (!(admitted instanceof Admission.Place place)) {
            Refusal.tellAndClose(socket, (String) admitted);
            return;
        }
        SocketConnection connection;
        try {
            connection = adopt(socket, new Endpoint(NAME, peer.getHostAddress(), socket.getPort(), null), handler,
                    () -> admission.release(place));
        } catch (IOException | RuntimeException e) {
            admission.release(place);
            throw e;
        }
        connection.admittedBy(admission, place);
        connection.start(true);
    }

    private SocketConnection adopt(Socket socket, Endpoint remote, FrameHandler handler) throws IOException {
        return adopt(socket, remote, handler, () -> { });
    }

    private SocketConnection adopt(Socket socket, Endpoint remote, FrameHandler handler, Runnable onEnd)
            throws IOException {
        try {
            socket.setTcpNoDelay(options.tcpNoDelay());
            socket.setKeepAlive(true);
        } catch (SocketException e) {
            // a factory's socket need not support every option (e.g. a tunnel)
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "socket options on " + remote + ": " + e);
        }
        SocketConnection connection = new SocketConnection(socket, remote, handler, options, c -> {
            connections.remove(c);
            onEnd.run();
        });
        track(connection);
        return connection;
    }
}
