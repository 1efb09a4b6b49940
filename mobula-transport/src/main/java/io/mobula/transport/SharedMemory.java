package io.mobula.transport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Upgrading an existing connection to shared memory: the upper layer keeps its TCP connection as control
 * channel and liveness link, and moves its frames to a shared-memory segment. The connecting side
 * {@link #create creates} a segment and sends its {@link Segment#name() name} over TCP; the other side
 * {@link #open opens} it (which removes the name) and acknowledges. Each side then builds its
 * {@link Segment#connection connection}, sends through it at once, and {@link Segment#startReceiving starts
 * receiving} when its protocol says the peer has switched.
 *
 * <p>Such a connection watches its peer only through the process handle; closing it when the control channel
 * breaks is the upper layer's job.
 */
public final class SharedMemory {

    private static volatile String hostId;

    private SharedMemory() {
    }

    /** Whether shared memory can be used here (a segment directory exists and is writable). */
    public static boolean available() {
        return java.nio.file.Files.isWritable(ShmSegment.DIRECTORY);
    }

    /**
     * This host's identity: equal for two processes exactly when they can share a segment (same kernel boot,
     * host name and segment directory device).
     */
    public static String hostId() {
        String h = hostId;
        if (h == null) {
            hostId = h = ShmSegment.hostId();
        }
        return h;
    }

    /** Creates a segment with the ring size of {@link TransportOptions#defaults()} (the connecting side). */
    public static Segment create() throws IOException {
        return new Segment(ShmSegment.create(TransportOptions.defaults().shm().ringBytes()));
    }

    /**
     * Creates a segment whose two rings hold {@code ringBytes} each (the connecting side).
     *
     * @throws IllegalArgumentException if {@code ringBytes} is not a power of two between 4 KiB and 1 GiB
     */
    public static Segment create(int ringBytes) throws IOException {
        if (Integer.bitCount(ringBytes) != 1 || ringBytes < 4096 || ringBytes > 1 << 30) {
            throw new IllegalArgumentException("ring size must be a power of two from 4 KiB to 1 GiB: " + ringBytes);
        }
        return new Segment(ShmSegment.create(ringBytes));
    }

    /**
     * Maps a segment the peer created, and removes its name.
     *
     * @throws IOException if it is not a Mobula segment in this host's segment directory, or cannot be mapped
     */
    public static Segment open(String name) throws IOException {
        Objects.requireNonNull(name, "name");
        return new Segment(ShmSegment.open(Path.of(name), 1 << 30));
    }

    /** Removes segment files of processes that no longer run; returns how many were removed. */
    public static int reclaimStale() {
        return ShmSegment.reclaimStale();
    }

    /** One mapped segment, before and after its connection is built. */
    public static final class Segment implements AutoCloseable {
        private final ShmSegment segment;
        private ShmConnection connection;
        private ShmStreams streams;
        private boolean started;

        private Segment(ShmSegment segment) {
            this.segment = segment;
        }

        /** The file name to send to the peer. */
        public String name() {
            return segment.path.toString();
        }

        /**
         * Builds the connection: {@link FrameHandler#onOpen} is called now and sending works at once (frames
         * wait in the ring until the peer reads them); frames are delivered only after {@link #startReceiving}, also
         * to a caller {@linkplain Connection#receiveUntil polling} it (until then that returns at once).
         *
         * @param remote a name for the peer, for logs and thread names
         */
        public synchronized Connection connection(Endpoint remote, FrameHandler handler, TransportOptions options) {
            if (connection != null || streams != null) {
                throw new IllegalStateException("connection already built");
            }
            connection = new ShmConnection(remote, handler, options, segment, null, options.shm().waits(), c -> { });
            connection.open();
            return connection;
        }

        /** Starts the receive thread of the connection built by {@link #connection}. */
        public synchronized void startReceiving() {
            if (connection == null) {
                throw new IllegalStateException("no connection built");
            }
            if (started) {
                return;
            }
            started = true;
            connection.start(false);
        }

        /**
         * The segment as a pair of byte streams instead of a frame {@link #connection}: for a stream protocol that
         * moves to shared memory (both sides call this once the peer has the segment; see {@link ShmStreams}).
         * Closing the segment closes them.
         *
         * @throws IllegalStateException if a connection or streams were built already
         */
        public synchronized ShmStreams streams() {
            if (connection != null || streams != null) {
                throw new IllegalStateException("connection already built");
            }
            streams = new ShmStreams(segment, ShmWait.DEFAULT);
            return streams;
        }

        /**
         * Removes the file name if still present; closes the connection or streams if built. A connection closed before
         * {@link #startReceiving} still reports its end ({@link FrameHandler#onClose}), without delivering a frame.
         */
        @Override
        public synchronized void close() {
            segment.unlink();
            if (connection != null) {
                connection.close();
                if (!started) {
                    // its receive thread reports the end: a connection that was opened is closed exactly once
                    started = true;
                    connection.start(false);
                }
            } else if (streams != null) {
                streams.close();
            } else {
                segment.closeBells();
            }
        }
    }
}
