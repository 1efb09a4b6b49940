package io.mobula.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/** The "tcp" technology: NIO socket channels, one receive thread per connection, one accept thread per listener. */
final class TcpTransport extends TransportBase<AcceptingListener<SocketChannel>, TcpConnection> {

    TcpTransport(TransportOptions options) {
        super("tcp", true, options);
    }

    @Override
    Listener bind(Endpoint local, FrameHandler handler) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            if (options.receiveBufferSize() > 0) {
                // set before bind so that the window scale of accepted sockets can use it
                server.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBufferSize());
            }
            server.bind(new InetSocketAddress(local.host(), local.port()), 128);
            int port = ((InetSocketAddress) server.getLocalAddress()).getPort();
            AcceptingListener<SocketChannel> listener = new AcceptingListener<>(this, Endpoint.tcp(local.host(), port),
                    server, server::isOpen, server::accept, channel -> accepted(channel, handler));
            register(listener);
            listener.start("mobula-tcp-accept-");
            return listener;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    @Override
    Connection dial(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        InetSocketAddress address = new InetSocketAddress(remote.host(), remote.port());
        if (address.isUnresolved()) {
            throw new IOException("cannot resolve " + remote);
        }
        SocketChannel channel = SocketChannel.open();
        TcpConnection connection;
        try {
            configure(channel);
            int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
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

    /**
     * Sets up a channel the listener accepted (blocking) and starts its connection; one over the connection limits is
     * closed at once.
     */
    private void accepted(SocketChannel channel, FrameHandler handler) throws IOException {
        InetSocketAddress peer = (InetSocketAddress) channel.getRemoteAddress();
        if (!admission.admit(peer.getAddress())) {
            channel.close();
            return;
        }
        TcpConnection connection;
        try {
            configure(channel);
            connection = TcpConnection.create(channel, Endpoint.tcp(peer.getAddress().getHostAddress(),
                    peer.getPort()), handler, options, c -> {
                connections.remove(c);
                admission.release(peer.getAddress());
            });
        } catch (IOException | RuntimeException e) {
            admission.release(peer.getAddress());
            throw e;
        }
        track(connection);
        connection.start(true);
    }

    /** Wraps a connected channel and tracks it until its receive thread ends; the caller starts it. */
    private TcpConnection adopt(SocketChannel channel, Endpoint remote, FrameHandler handler) throws IOException {
        TcpConnection connection = TcpConnection.create(channel, remote, handler, options, connections::remove);
        track(connection);
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
}
