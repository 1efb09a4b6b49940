package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;

/**
 * What a transport supplies to the {@link ProgressEngine} for the receive side of one connection: the incoming byte
 * stream (4-byte big-endian length, then the payload, frame after frame), read without blocking, a way to wait until
 * it is readable, and optionally frames delivered in place (where the transport holds a whole frame in memory the
 * handler can read: a shared-memory ring).
 *
 * <p>Threading: {@link #readAvailable}, {@link #peekFrame} and {@link #consumeFrame} are called only by the thread
 * holding the engine's receive lock (the receive thread or one polling caller, never two at once); the wait methods
 * only by the engine's receive thread; {@link #readable} and {@link #pollerArrives} by any thread.
 */
interface ByteSource {

    /** Reads available bytes into {@code dst} without blocking: the count, 0 if none yet, -1 at the end of stream. */
    int readAvailable(ByteBuffer dst) throws IOException;

    /** Blocks until {@link #readAvailable} may return non-zero or the connection is closed. */
    void awaitReadable() throws IOException;

    /**
     * Like {@link #awaitReadable()}, but gives up after {@code idleMillis} (0: never); returns false if it gave up or
     * was woken without the source being ready, true if it may be readable. Only sources with an
     * {@link #idleChannel()} time out.
     */
    default boolean awaitReadable(long idleMillis) throws IOException {
        awaitReadable();
        return true;
    }

    /**
     * Ends a wait in {@link #awaitReadable(long)} early, which then returns false: a polling caller met the end of
     * the stream or a failure, which the receive thread must report now. Any thread. Sources whose wait ends when a
     * poller arrives ({@link #pollerArrives}) need nothing here.
     */
    default void wakeReceiver() {
    }

    /**
     * With nothing in the engine's receive buffer: the next frame if the source holds it whole in one piece (its
     * payload between position and limit, the length prefix not included), for the handler to read in place; null if
     * not (the engine then reads bytes as usual). A frame returned here is given back with {@link #consumeFrame}
     * once delivered. Sources that hold no frames return null.
     *
     * @throws IOException if the source is closed or announces a frame over {@code maxFrameSize}
     */
    default ByteBuffer peekFrame(int maxFrameSize) throws IOException {
        return null;
    }

    /** Gives back the {@code bytes} (prefix included) of a frame {@link #peekFrame} returned, after its delivery. */
    default void consumeFrame(int bytes) {
    }

    /** Allocates a receive buffer (direct where a system call reads into it, else heap). */
    ByteBuffer allocate(int capacity);

    /**
     * A cheap hint, callable from any thread: whether bytes may be waiting. Sources that cannot tell without a system
     * call return true (the reader then tries a read).
     */
    default boolean readable() {
        return true;
    }

    /** Whether callers may poll this source ({@link Connection#receiveUntil}): its reads must not block. */
    default boolean pollable() {
        return false;
    }

    /**
     * The non-blocking channel that {@link IdleReceivers} may watch while the connection has no receive thread, or
     * null if its receive thread must stay (blocking reads, or no selectable channel).
     */
    default SelectableChannel idleChannel() {
        return null;
    }

    /**
     * Called by the receive thread just before it hands {@link #idleChannel()} to {@link IdleReceivers} and ends:
     * the source may let go of what only a waiting receive thread needs (a selector and its descriptors).
     */
    default void hibernating() {
    }

    /** Called by the engine when a caller starts polling: a receive thread in {@link #awaitReadable()} may return. */
    default void pollerArrives() {
    }

    /** Called by every receive thread before it first reads (shared memory: the doorbells are connected by then). */
    default void receiverStarts() {
    }
}
