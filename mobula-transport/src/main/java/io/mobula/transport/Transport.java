package io.mobula.transport;

import java.io.IOException;
import java.time.Duration;

/**
 * One communication technology (KaRMI 4.3): TCP, shared memory, in-JVM. A transport moves
 * opaque frames reliably and in order between two endpoints; upper layers never see sockets, rings or
 * queues. Several transports can run side by side; the upper layer picks the best one both peers share.
 *
 * <p>Obtain instances from {@link Transports}. Implementations are thread-safe. {@link #close()} closes
 * every listener and connection this transport created.
 */
public interface Transport extends AutoCloseable {

    /** The technology name, also the scheme of its endpoints: {@code "tcp"}, {@code "shm"}, {@code "local"}. */
    String name();

    /** The options this transport was created with. */
    TransportOptions options();

    /**
     * Starts accepting connections at {@code local}. Each accepted connection is reported through
     * {@link FrameHandler#onOpen(Connection)} of {@code handler}, then receives frames through it. For
     * accepted connections onOpen runs on the connection's receive thread, so a slow handler delays only
     * that connection, not the accepting of others.
     *
     * @param local where to listen; for TCP a port of 0 picks an ephemeral port, for "local" an empty name
     *              picks a fresh one. {@link Listener#endpoint()} tells the address actually bound.
     * @throws IOException if the endpoint cannot be bound (in use, unknown host, wrong scheme)
     */
    Listener listen(Endpoint local, FrameHandler handler) throws IOException;

    /**
     * Opens a connection to a listener. {@link FrameHandler#onOpen(Connection)} is called on the calling
     * thread before this method returns and before any frame is delivered.
     *
     * @param timeout how long to try; {@code null} means {@link TransportOptions#connectTimeout()}
     * @throws IOException if the peer cannot be reached within the timeout
     */
    Connection connect(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException;

    /** {@link #connect(Endpoint, FrameHandler, Duration)} with the configured connect timeout. */
    default Connection connect(Endpoint remote, FrameHandler handler) throws IOException {
        return connect(remote, handler, null);
    }

    /** Closes all listeners and connections of this transport; idempotent. */
    @Override
    void close();
}
