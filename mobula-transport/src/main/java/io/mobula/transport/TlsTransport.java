package io.mobula.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * The "tls" technology: TCP as in {@link TcpTransport}, every connection a TLS session ({@link TlsConnection}). The
 * handshake completes, within {@link TlsOptions#handshakeTimeout()}, before a connection is reported to its handler:
 * a connecting side's on the calling thread, an accepted side's on a thread of its own, so a slow or silent peer never
 * holds up the accepting of others (and counts against the {@link ConnectionLimits} while it handshakes).
 */
final class TlsTransport extends TransportBase<AcceptingListener<SocketChannel>, TlsConnection> {

    /** The name, and scheme of the endpoints. */
    static final String NAME = "tls";

    private final TlsOptions tls;
    /** Accepted sockets still in their handshake, closed with this transport. */
    private final Set<SocketChannel> handshaking = ConcurrentHashMap.newKeySet();
    private final AtomicLong failedHandshakes = new AtomicLong();
    private final RateLimitedLog refusals = new RateLimitedLog(StreamConnection.LOG, System.Logger.Level.WARNING,
            RateLimitedLog.DEFAULT_PERIOD);

    TlsTransport(TransportOptions options, TlsOptions tls) {
        super(NAME, true, options);
        this.tls = java.util.Objects.requireNonNull(tls, "tls");
    }

    @Override
    Listener bind(Endpoint local, FrameHandler handler) throws IOException {
        SSLContext context = tls.resolve(); // fail here, not on every accepted socket
        ServerSocketChannel server = SocketChannels.bind(local, options);
        try {
            int port = SocketChannels.port(server);
            AcceptingListener<SocketChannel> listener = new AcceptingListener<>(this, Endpoint.tls(local.host(), port),
                    server, server::isOpen, server::accept, channel -> accepted(channel, context, handler));
            register(listener);
            listener.start("mobula-tls-accept-");
            return listener;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    @Override
    Connection dial(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        SSLContext context = tls.resolve();
        SocketChannel channel = SocketChannels.connect(remote, options, timeout);
        TlsConnection connection;
        try {
            TlsEngine engine = TlsEngine.create(context, tls, true, remote);
            TlsHandshake.perform(engine, channel, remote, tls.handshakeTimeout());
            connection = TlsConnection.create(channel, engine, remote, handler, options, connections::remove);
            track(connection);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        connection.open();
        connection.start(false);
        return connection;
    }

    /**
     * Admits an accepted socket and hands it to a thread of its own for the handshake; the acceptor goes straight
     * back to accepting.
     */
    private void accepted(SocketChannel channel, SSLContext context, FrameHandler handler) throws IOException {
        InetSocketAddress peer = (InetSocketAddress) channel.getRemoteAddress();
        InetAddress address = peer.getAddress();
        Object admitted = admission.admit(address, channel);
        if (!(admitted instanceof Admission.Place place)) {
            channel.close(); // no plaintext refusal: the peer expects a TLS handshake
            return;
        }
        Endpoint remote = Endpoint.tls(address.getHostAddress(), peer.getPort());
        handshaking.add(channel);
        try {
            if (closed) {
                throw new IOException("tls transport is closed");
            }
            Thread.ofPlatform().daemon().name("mobula-tls-handshake-" + remote)
                    .start(() -> handshakeAccepted(channel, context, place, remote, handler));
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            handshaking.remove(channel);
            admission.release(place);
            throw e;
        }
    }

    private void handshakeAccepted(SocketChannel channel, SSLContext context, Admission.Place place, Endpoint remote,
                                   FrameHandler handler) {
        TlsConnection connection;
        try {
            SocketChannels.configure(channel, options);
            TlsEngine engine = TlsEngine.create(context, tls, false, remote);
            TlsHandshake.perform(engine, channel, remote, tls.handshakeTimeout());
            connection = TlsConnection.create(channel, engine, remote, handler, options, c -> {
                connections.remove(c);
                admission.release(place);
            });
        } catch (IOException | RuntimeException e) {
            handshakeFailed(remote, e);
            closeQuietly(channel);
            handshaking.remove(channel);
            admission.release(place);
            return;
        }
        handshaking.remove(channel);
        track(connection); // closes it if the transport closed meanwhile; the receive thread still reports it
        connection.admittedBy(admission, place);
        connection.start(true);
    }

    private void handshakeFailed(Endpoint remote, Exception e) {
        long n = failedHandshakes.incrementAndGet();
        refusals.log("TLS connection from " + remote + " refused: " + e.getMessage() + " (" + n
                + " failed handshakes so far)");
    }

    /** Handshakes of accepted sockets that failed so far (for tests). */
    long failedHandshakes() {
        return failedHandshakes.get();
    }

    @Override
    public void close() {
        super.close();
        for (SocketChannel c : List.copyOf(handshaking)) {
            closeQuietly(c); // its handshake fails at once and gives its place back
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // failing already
        }
    }
}
