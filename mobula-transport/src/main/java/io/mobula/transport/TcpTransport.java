package io.mobula.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
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
        ServerSocketChannel server = SocketChannels.bind(local, options);
        try {
            int port = SocketChannels.port(server);
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
        SocketChannel channel = SocketChannels.connect(remote, options, timeout); // blocking, then non-blocking
        TcpConnection connection;
        try {
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
        Object admitted = admission.admit(peer.getAddress(), channel);
        if (!(admitted instanceof Admission.Place place)) {
            Refusal.tellAndClose(channel, (String) admitted);
            return;
        }
        TcpConnection connection;
        try {
            SocketChannels.configure(channel, options);
            connection = TcpConnection.create(channel, Endpoint.tcp(peer.getAddress().getHostAddress(),
                    peer.getPort()), handler, options, c -> {
                connections.remove(c);
                admission.release(place);
            });
        } catch (IOException | RuntimeException e) {
            admission.release(place);
            throw e;
        }
        track(connection);
        connection.admittedBy(admission, place);
        connection.start(true);
    }

    /** Wraps a connected channel and tracks it until its receive thread ends; the caller starts it. */
    private TcpConnection adopt(SocketChannel channel, Endpoint remote, FrameHandler handler) throws IOException {
        TcpConnection connection = TcpConnection.create(channel, remote, handler, options, connections::remove);
        track(connection);
        return connection;
    }
}
