package io.mobula.transport;

/**
 * A bound, accepting endpoint. Accepted connections are reported through the {@link FrameHandler} given to
 * {@link Transport#listen(Endpoint, FrameHandler)}. Closing a listener stops accepting; connections already
 * accepted stay open.
 */
public interface Listener extends AutoCloseable {

    /** The address actually bound (ephemeral port or generated name resolved); give it to peers. */
    Endpoint endpoint();

    /** Whether the listener still accepts connections. */
    boolean isOpen();

    /** Stops accepting; idempotent. */
    @Override
    void close();
}
