package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A reliable, ordered, full-duplex frame pipe to one peer. Frames are opaque byte sequences of up to
 * {@link TransportOptions#maxFrameSize()} bytes.
 *
 * <p>Sends are thread-safe: concurrent senders are serialized and a frame is never interleaved with
 * another. A send returns once the frame has been handed to the transport (socket buffer, ring); it does
 * not wait for the peer to process it. Received frames go to the {@link FrameHandler} the connection was
 * opened or accepted with.
 */
public interface Connection extends AutoCloseable {

    /**
     * Sends the bytes between {@code frame.position()} and {@code frame.limit()} as one frame. The buffer's
     * position and limit are unchanged on return and it may be reused at once, so one serialized message
     * can be sent to many connections ("serialize once, send many"); it must not be modified by another
     * thread during the call.
     *
     * @throws IOException {@link FrameTooLargeException} if the frame is larger than the maximum frame size (nothing
     *                     is sent and the connection stays open), or if the connection is closed or breaks (it is then
     *                     closed and {@link FrameHandler#onClose} reports the cause)
     */
    void send(ByteBuffer frame) throws IOException;

    /**
     * Sends {@code header} followed by {@code body} as ONE frame with one gather write, so a protocol
     * header needs no copy in front of a serialized body. Same buffer rules and errors as
     * {@link #send(ByteBuffer)}; the frame size is the sum of both remainders.
     */
    void send(ByteBuffer header, ByteBuffer body) throws IOException;

    /**
     * Sends a frame given in parts (inline bytes with primitive arrays inserted, see {@link FrameParts}) as ONE
     * frame, with the same bytes on the wire as the flattened frame sent with {@link #send(ByteBuffer)}. The
     * transports copy each array once, straight to where the frame goes: {@code shm} into the peer's ring (across
     * its wrap-around, an element split if need be), {@code tcp} into a direct send buffer written in chunks. The
     * others ({@code tls}, {@code local}, {@code sock+tcp}) flatten the frame into a reusable buffer first, which
     * costs what serializing into one buffer did. The arrays must not change until this returns; the frame's cursor
     * belongs to the send (one thread at a time per {@code FrameParts}). Same errors as {@link #send(ByteBuffer)}.
     *
     * <p>The default flattens into a new buffer; transports override it.
     */
    default void send(FrameParts frame) throws IOException {
        long size = frame.size();
        if (size > Integer.MAX_VALUE - 16) {
            throw new FrameTooLargeException(size, Integer.MAX_VALUE - 16, toString());
        }
        ByteBuffer flat = ByteBuffer.allocate((int) size);
        frame.rewind();
        frame.fill(flat);
        send(flat.flip());
    }

    /**
     * The layer above accepted its peer (its handshake is done, the peer authenticated): lifts the limit on frames
     * before the handshake ({@link TransportOptions#handshakeFrameSize()}) to {@link TransportOptions#maxFrameSize()},
     * and an accepted connection no longer counts as one that has not proved itself, which a listener may close to
     * make room when its connection limits are reached ({@link ConnectionLimits}). Call it from the frame handler of
     * the frame that ended the handshake (so the next frame is measured against the full limit). Idempotent; the
     * default does nothing (transports without such a phase).
     */
    default void handshakeDone() {
    }

        /** Whether the connection is open; false once closed on either side or broken. */
    boolean isOpen();

    /** The peer's endpoint (for accepted TCP connections, the peer's address and ephemeral port). */
    Endpoint remote();

    /**
     * This side's own address of a socket connection (IP literal and port), or null where there is none (shared
     * memory, in-process): with {@link #remote()} it tells a connection a process made to itself over loopback.
     */
    default Endpoint local() {
        return null;
    }

    /** Counters of this connection. */
    ConnectionStats stats();

    /** Attaches an object for the upper layer (for example the per-peer serializer state). */
    void attach(Object attachment);

    /** The object last {@link #attach(Object) attached}, or {@code null}. */
    Object attachment();

    /**
     * Closes the connection; idempotent, callable from any thread including the handler's. Wakes the
     * receive thread, which then reports {@link FrameHandler#onClose} (cause {@code null}) unless the
     * connection had already broken.
     */
    @Override
    void close();

    /**
     * Lets the calling thread receive on this connection while it waits for something a frame will bring (a reply):
     * it reads and delivers frames itself, in order and one at a time as the receive thread would, until
     * {@code done} is true or {@code windowNanos} passed, which saves waking a parked thread on every
     * request/response turn (Manta polled the network the same way). Returns whether {@code done} became true.
     * Transports that cannot do this, and calls from inside this connection's own handler, return at once.
     * {@link Progress#receiveUntil} does the same for several connections at once.
     */
    default boolean receiveUntil(java.util.function.BooleanSupplier done, long windowNanos) {
        return done.getAsBoolean();
    }

    /**
     * From inside {@link FrameHandler#onFrame} only: asks the thread that delivers this frame to run {@code work}
     * itself once the frame is delivered, after it gave up the receive role, instead of handing the work to another
     * thread (a wake-up on every request, which dominates a call that calls back). Accepted only on the
     * connection's receive thread while it is not running such work already, and when
     * {@link TransportOptions#receiverRelief()} is not zero; a caller delivering frames in {@link #receiveUntil} is
     * never given work, since its own caller waits for it.
     *
     * <p>The work may block and may wait for frames of this connection: while it runs, threads waiting in
     * {@link #receiveUntil} receive, and if it runs longer than {@link TransportOptions#receiverRelief()} a fresh
     * receive thread takes over ({@link ReceiveRelief}). The work must not throw; what it throws is logged.
     *
     * @return whether the work was accepted; if not, the handler must run it elsewhere
     */
    default boolean runAfterFrame(Runnable work) {
        return false;
    }
}
