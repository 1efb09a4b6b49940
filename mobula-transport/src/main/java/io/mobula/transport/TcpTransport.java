package io.mobula.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Objects;

/** The "tcp" technology: NIO socket channels, one receive thread per connection, one accept thread per listener. */
final class TcpTransport extends TransportBase<TcpTransport.TcpListener, TcpConnection> {


    TcpTransport(TransportOptions options) {
        super("tcp", true, options);
    }

    @Override
    public Listener listen(Endpoint local, FrameHandler handler) throws IOException {
        checkEndpoint(local);
        Objects.requireNonNull(handler, "handler");
        ensureOpen();
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            if (options.receiveBufferSize() > 0) {
                // set before bind so that the window scale of accepted sockets can use it
                server.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBufferSize());
            }
            server.bind(new InetSocketAddress(local.host(), local.port()), 128);
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            TcpListener listener = new TcpListener(server, Endpoint.tcp(local.host(), port), handler);
            listeners.add(listener);
            if (closed) {
                listener.close();
                throw new IOException("tcp transport is closed");
            }
            listener.start();
            return listener;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    @Override
    public Connection connect(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        checkEndpoint(remote);
        Objects.requireNonNull(handler, "handler");
        ensureOpen();
        Duration t = timeout == null ? options.connectTimeout() : timeout;
        InetSocketAddress address = new InetSocketAddress(remote.host(), remote.port());
        if (address.isUnresolved()) {
            throw new IOException("cannot resolve " + remote);
        }
        SocketChannel channel = SocketChannel.open();
        TcpConnection connection;
        try {
            configure(channel);
            int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, t.toMillis()));
            channel.socket().connect(address, millis); // blocking connect with timeout, then non-blocking
            connection = adopt(channel, remote, handler);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        connection.open();
        connection.start(false);
        return connection;
    }

    /** Wraps a connected channel and tracks it until its receive thread ends; the caller starts it. */
    private TcpConnection adopt(SocketChannel channel, Endpoint remote, FrameHandler handler) throws IOException {
        TcpConnection connection = TcpConnection.create(channel, remote, handler, options, connections::remove);
        connections.add(connection);
        if (closed) {
            connection.close(); // raced with close(); still started, so onClose is reported
        }
        return connection;
    }

    private void configure(SocketChannel channel) throws IOException {
        channel.setOption(StandardSocketOptions.TCP_NODELAY, options.tcpNoDelay());
        channel.setOption(StandardSocketOptions.SO_KEEPALIVE, true);
        if (options.sendBufferSize() > 0) {
            channel.setOption(StandardSocketOptions.SO_SNDBUF, options.sendBufferSize());
        }
        if (options.receiveBufferSize() > 0) {
            channel.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBufferSize());
        }
    }

    /** Accepts on a blocking server channel until it is closed. */
    final class TcpListener implements Listener, Runnable {
        private final ServerSocketChannel server;
        private final Endpoint endpoint;
        private final FrameHandler handler;

        TcpListener(ServerSocketChannel server, Endpoint endpoint, FrameHandler handler) {
            this.server = server;
            this.endpoint = endpoint;
            this.handler = handler;
        }

        void start() {
            Thread.ofPlatform().daemon().name("mobula-tcp-accept-" + endpoint).start(this);
        }

        @Override
        public void run() {
            while (server.isOpen()) {
                SocketChannel channel;
                try {
                    channel = server.accept();
                } catch (ClosedChannelException e) { // includes AsynchronousCloseException
                    break;
                } catch (IOException e) {
                    // e.g. out of file descriptors: keep the listener, back off briefly
                    StreamConnection.LOG.log(System.Logger.Level.WARNING, "accept on " + endpoint + " failed", e);
                    sleepQuietly();
                    continue;
                }
                if (!server.isOpen()) {
                    // the kernel may still complete a handshake while a close is deferring behind this accept:
                    // a closed listener hands out nothing
                    closeQuietly(channel);
                    break;
                }
                try {
                    configure(channel);
                    InetSocketAddress peer = (InetSocketAddress) channel.getRemoteAddress();
                    Endpoint remote = Endpoint.tcp(peer.getAddress().getHostAddress(), peer.getPort());
                    adopt(channel, remote, handler).start(true);
                } catch (IOException | RuntimeException e) {
                    StreamConnection.LOG.log(System.Logger.Level.WARNING,
                            "setting up an accepted connection on " + endpoint + " failed", e);
                    closeQuietly(channel);
                }
            }
            listeners.remove(this);
        }

        private void closeQuietly(SocketChannel channel) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already failing or refused
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
            return server.isOpen();
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
            return "tcp listener " + endpoint;
        }
    }
}
