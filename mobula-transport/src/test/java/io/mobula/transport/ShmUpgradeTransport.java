package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Connections that open on TCP and move to shared memory exactly as Mobula RMI upgrades its peer connections (RMI's
 * {@code PeerUpgrade}, KaRMI 4.3), so that the transport conformance suite runs on the connection RMI uses after the
 * upgrade: a {@link SharedMemory.Segment#connection segment connection} that can send before it receives, starts
 * receiving at a point of the peer's frame order, watches its peer by process id only, and lives as long as its TCP
 * link.
 *
 * <p>The connecting side creates a segment, builds its connection (the application's handler sees it open) and sends
 * UPGRADE with the segment's name as a TCP frame. The accepting side maps the segment, builds its connection and
 * answers ACK as its last TCP frame; the connecting side, on the ACK, starts receiving from the ring and answers DONE
 * as its last TCP frame; the accepting side starts receiving on DONE. The TCP connection then stays open as the
 * liveness link: its end closes the shm connection, and the shm connection's end closes it.
 */
final class ShmUpgradeTransport implements Transport {
    private static final byte UPGRADE = 1;
    private static final byte ACK = 2;
    private static final byte DONE = 3;
    /**
     * Rings of 256 KiB, as in {@link ShmTransportTest}: the suite's large frames (512 KiB, 16 MiB) then stream through
     * the receive buffer, whose growth and budget it checks.
     */
    private static final int RING_BYTES = 256 << 10;

    private final Transport tcp;
    private final TransportOptions options;
    private final Set<SharedMemory.Segment> segments = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    ShmUpgradeTransport(TransportOptions options) {
        this.options = options;
        this.tcp = Transports.create("tcp", options);
    }

    @Override
    public String name() {
        return tcp.name(); // listeners and connects name TCP endpoints; connections are the shm ones
    }

    @Override
    public TransportOptions options() {
        return options;
    }

    @Override
    public Listener listen(Endpoint local, FrameHandler handler) throws IOException {
        return tcp.listen(local, new AcceptingSide(handler));
    }

    @Override
    public Connection connect(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        if (closed) {
            throw new IOException("transport closed");
        }
        if (timeout == null) {
            timeout = options.connectTimeout();
        }
        ConnectingSide side = new ConnectingSide(handler);
        Connection link = tcp.connect(remote, side, timeout);
        try {
            return side.upgraded.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            link.close();
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (TimeoutException e) {
            link.close();
            throw new IOException("no upgrade within " + timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            link.close();
            throw new IOException("interrupted");
        }
    }

    @Override
    public void close() {
        closed = true;
        segments.forEach(SharedMemory.Segment::close);
        tcp.close();
    }

    private static ByteBuffer control(byte type, String text) {
        byte[] t = text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + t.length).put(type).put(t).flip();
    }

    /** The application's handler for the shm connection; its end closes the TCP link. */
    private FrameHandler onShm(FrameHandler app, Connection link) {
        return new FrameHandler() {
            @Override
            public void onOpen(Connection c) {
                app.onOpen(c);
            }

            @Override
            public void onFrame(Connection c, ByteBuffer frame) {
                app.onFrame(c, frame);
            }

            @Override
            public boolean onFrameRefused(Connection c, ByteBuffer start, int frameBytes, String reason) {
                return app.onFrameRefused(c, start, frameBytes, reason);
            }

            @Override
            public void onClose(Connection c, IOException cause) {
                try {
                    app.onClose(c, cause);
                } finally {
                    link.close();
                }
            }
        };
    }

    /** A segment of this transport, its connection named after the TCP link's peer as the application knows it. */
    private Connection build(SharedMemory.Segment seg, Connection link, FrameHandler app) {
        segments.add(seg);
        return seg.connection(link.remote(), onShm(app, link), options);
    }

    /** The end of a link closes its segment (and so the shm connection): TCP is the shm connection's liveness link. */
    private void linkClosed(SharedMemory.Segment seg) {
        if (seg != null) {
            seg.close();
            segments.remove(seg);
        }
    }

    /** The TCP side of a link this transport opened: offers a segment and waits for the ACK. */
    private final class ConnectingSide implements FrameHandler {
        final CompletableFuture<Connection> upgraded = new CompletableFuture<>();
        private final FrameHandler app;
        private volatile SharedMemory.Segment segment;
        private Connection shm;

        ConnectingSide(FrameHandler app) {
            this.app = app;
        }

        @Override
        public void onOpen(Connection link) {
            try {
                SharedMemory.Segment seg = SharedMemory.create(RING_BYTES);
                segment = seg;
                shm = build(seg, link, app);
                link.send(control(UPGRADE, seg.name()));
            } catch (IOException | RuntimeException e) {
                upgraded.completeExceptionally(e);
                link.close();
            }
        }

        @Override
        public void onFrame(Connection link, ByteBuffer frame) {
            if (frame.get(frame.position()) != ACK || upgraded.isDone()) {
                throw new IllegalStateException("unexpected control frame");
            }
            segment.startReceiving(); // the peer sends over shm only after its ACK
            try {
                link.send(control(DONE, null)); // the last TCP frame of this side
            } catch (IOException e) {
                upgraded.completeExceptionally(e);
                return;
            }
            upgraded.complete(shm);
        }

        @Override
        public void onClose(Connection link, IOException cause) {
            upgraded.completeExceptionally(new IOException("link closed before the upgrade", cause));
            linkClosed(segment);
        }
    }

    /** The TCP side of the links a listener accepts: maps each offered segment, answers ACK, starts on DONE. */
    private final class AcceptingSide implements FrameHandler {
        private final FrameHandler app;
        private final Map<Connection, SharedMemory.Segment> byLink = new ConcurrentHashMap<>();

        AcceptingSide(FrameHandler app) {
            this.app = app;
        }

        @Override
        public void onOpen(Connection link) {
        }

        @Override
        public void onFrame(Connection link, ByteBuffer frame) {
            byte type = frame.get();
            SharedMemory.Segment seg = byLink.get(link);
            if (type == UPGRADE && seg == null) {
                byte[] name = new byte[frame.remaining()];
                frame.get(name);
                try {
                    seg = SharedMemory.open(new String(name, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new IllegalStateException("cannot map the offered segment", e);
                }
                byLink.put(link, seg);
                build(seg, link, app);
                try {
                    link.send(control(ACK, null)); // the last TCP frame of this side
                } catch (IOException e) {
                    link.close();
                }
            } else if (type == DONE && seg != null) {
                seg.startReceiving();
            } else {
                throw new IllegalStateException("unexpected control frame " + type);
            }
        }

        @Override
        public void onClose(Connection link, IOException cause) {
            linkClosed(byLink.remove(link));
        }
    }
}
