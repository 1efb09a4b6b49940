package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Receives the events of connections. For every connection the calls are, in this order: one
 * {@code onOpen}, any number of {@code onFrame} in the order the peer sent the frames, exactly one
 * {@code onClose}. {@code onFrame} and {@code onClose} run on the connection's receive thread (or on a caller
 * {@linkplain Connection#receiveUntil polling} it), never concurrently for one connection, each call seeing what the
 * previous one did; a handler that blocks in {@code onFrame} stalls that connection only. The receive thread is not
 * always the same thread: a connection idle for {@link TransportOptions#idleReceiver()} gives its thread up and goes
 * on with a fresh one when bytes arrive, so a handler must not keep per-connection state in thread locals.
 *
 * <p>An exception thrown by a handler method closes the connection (with the exception as cause).
 */
public interface FrameHandler {

    /**
     * A connection was accepted by a listener or opened by {@code connect}; called before any frame of
     * it is delivered. A good place to {@link Connection#attach(Object) attach} per-peer state.
     */
    void onOpen(Connection connection);

    /**
     * One complete frame, the bytes between {@code frame.position()} and {@code frame.limit()} (the
     * position is not necessarily 0). The buffer is a flyweight over the transport's receive buffer: it is
     * valid only during this call, and must be copied to be kept. The handler may change its position,
     * limit and byte order freely; the byte order on entry is undefined, so set it before multi-byte reads.
     */
    void onFrame(Connection connection, ByteBuffer frame);

    /**
     * A frame the connection has no room for: its receive buffer would have to grow beyond what is left of the
     * process's {@link TransportOptions#receiveBudget()}. {@code start} holds the first bytes of the frame (what
     * arrived of it, at least the initial receive buffer's worth), {@code frameBytes} its announced size and
     * {@code reason} the budget's account. Runs on the receive role, like {@link #onFrame}.
     *
     * <p>A handler that answers the frame (tells whoever sent it why it was refused, say with an error reply to a
     * call) returns {@code true}: the rest of the frame is then read and dropped without being held, and the
     * connection goes on with the next frame. A handler that returns {@code false} (the default: a frame nobody is
     * told about, such as a one-way message, would otherwise be lost unnoticed) has the connection closed, with
     * {@code reason} as the cause given to {@link #onClose}; it may still send on it before it returns.
     *
     * @return whether the frame was answered and the connection is to go on
     */
    default boolean onFrameRefused(Connection connection, ByteBuffer start, int frameBytes, String reason) {
        return false;
    }

    /**
     * The connection is closed; called exactly once per connection, after its last {@code onFrame}.
     *
     * @param cause {@code null} on an orderly close (by {@link Connection#close()} on this side, or by the
     *              peer at a frame boundary); otherwise why the connection broke (I/O error, reset, peer
     *              vanished mid-frame, protocol violation such as a hostile frame length)
     */
    void onClose(Connection connection, IOException cause);
}
