package io.mobula.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/** How the tcp and tls transports open, bind and tune their socket channels, with the same {@link TransportOptions}. */
final class SocketChannels {
    private SocketChannels() {
    }

    /** A server channel bound to {@code local} (port 0: any), its receive buffer set before the bind. */
    static ServerSocketChannel bind(Endpoint local, TransportOptions options) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            if (options.receiveBufferSize() > 0) {
                // set before bind so that the window scale of accepted sockets can use it
                server.setOption(StandardSocketOptions.SO_RCVBUF, options.receiveBufferSize());
            }
            server.bind(new InetSocketAddress(local.host(), local.port()), 128);
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The port {@code server} is bound to. */
    static int port(ServerSocketChannel server) throws IOException {
        return ((InetSocketAddress) server.getLocalAddress()).getPort();
    }

    /** A tuned channel connected to {@code remote} within {@code timeout} (a blocking connect), or an IOException. */
    static SocketChannel connect(Endpoint remote, TransportOptions options, Duration timeout) throws IOException {
        InetSocketAddress address = new InetSocketAddress(remote.host(), remote.port());
        if (address.isUnresolved()) {
            throw new IOException("cannot resolve " + remote);
        }
        SocketChannel channel = SocketChannel.open();
        try {
            configure(channel, options);
            int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            channel.socket().connect(address, millis);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Sets the options' socket settings on a made or accepted channel. */
    static void configure(SocketChannel channel, TransportOptions options) throws IOException {
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
