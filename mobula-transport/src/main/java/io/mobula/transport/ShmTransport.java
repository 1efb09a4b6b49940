package io.mobula.transport;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The "shm" technology: connections between processes of one host through shared-memory rings (the on-host
 * counterpart of the Myrinet, ParaStation and SCI user-level networks of the thesis, KaRMI 4.3). A listener is a Unix-domain socket
 * ({@code shm:///dev/shm/mobula-<pid>-<random>.sock}); connecting creates the segment, sends its name over the
 * socket and waits for the acknowledgement. The socket then stays open as the liveness link: end of stream on
 * it means the peer process is gone. Frames never touch the socket.
 */
final class ShmTransport extends TransportBase<ShmTransport.ShmListener, ShmConnection> {

    private static final int MAX_PATH = 4096;

    private final ShmWait wait;
    private final int ringBytes;

    ShmTransport(TransportOptions options) {
        this(options, options.shm().waits(), options.shm().ringBytes());
    }

    ShmTransport(TransportOptions options, ShmWait wait, int ringBytes) {
        super("shm", false, options);
        this.wait = wait;
        this.ringBytes = ringBytes;
    }

    @Override
    Listener bind(Endpoint local, FrameHandler handler) throws IOException {
        Path path = local.path().isEmpty() ? ShmSegment.freshName(".sock") : Path.of(local.path());
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(path));
            OwnerOnly.restrict(path);
        } catch (IOException e) {
            server.close();
            throw new IOException("cannot listen at " + local + ": " + e.getMessage(), e);
        }
        ShmListener listener = new ShmListener(server, path, Endpoint.shm(path.toString()), handler);
        register(listener);
        Thread.ofPlatform().daemon().name("mobula-shm-accept-" + path.getFileName()).start(listener);
        return listener;
    }

    @Override
    Connection dial(Endpoint remote, FrameHandler handler, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        SocketChannel link;
        try {
            link = SocketChannel.open(UnixDomainSocketAddress.of(remote.path()));
        } catch (IOException e) {
            throw new ConnectException("cannot connect to " + remote + ": " + e.getMessage());
        }
        ShmSegment segment = null;
        try {
            segment = ShmSegment.create(ringBytes);
            byte[] name = segment.path.toString().getBytes(StandardCharsets.UTF_8);
            ByteBuffer hello = ByteBuffer.allocate(4 + name.length).putInt(name.length).put(name).flip();
            while (hello.hasRemaining()) {
                link.write(hello);
            }
            link.configureBlocking(false);
            ByteBuffer ack = ByteBuffer.allocate(1);
            readFully(link, ack, deadline);
            if (ack.get(0) != 1) {
                throw new ConnectException("shm listener at " + remote + " refused the segment");
            }
            ShmConnection c = new ShmConnection(remote, handler, options, segment, link, wait, connections::remove);
            track(c);
            c.open();
            c.start(false);
            return c;
        } catch (IOException | RuntimeException e) {
            link.close();
            if (segment != null) {
                segment.closeBells();
                segment.unlink();
            }
            throw e;
        }
    }

    /** Reads until dst is full, with a deadline (non-blocking channel + selector: sockets of this kind have no timeout). */
    static void readFully(SocketChannel ch, ByteBuffer dst, long deadline) throws IOException {
        try (Selector sel = Selector.open()) {
            ch.register(sel, SelectionKey.OP_READ);
            while (dst.hasRemaining()) {
                int n = ch.read(dst);
                if (n < 0) {
                    throw new ConnectException("shm peer closed during the handshake");
                }
                if (n == 0) {
                    long left = (deadline - System.nanoTime()) / 1_000_000;
                    if (left <= 0) {
                        throw new ConnectException("shm handshake timed out");
                    }
                    sel.select(left);
                    sel.selectedKeys().clear();
                }
            }
        }
    }

    final class ShmListener implements Listener, Runnable {
        private final ServerSocketChannel server;
        private final Path path;
        private final Endpoint endpoint;
        private final FrameHandler handler;
        private volatile boolean open = true;

        ShmListener(ServerSocketChannel server, Path path, Endpoint endpoint, FrameHandler handler) {
            this.server = server;
            this.path = path;
            this.endpoint = endpoint;
            this.handler = handler;
        }

        @Override
        public void run() {
            while (open) {
                SocketChannel link;
                try {
                    link = server.accept();
                } catch (IOException e) {
                    if (open) {
                        StreamConnection.LOG.log(System.Logger.Level.WARNING, "shm accept failed at " + endpoint, e);
                        close();
                    }
                    return;
                }
                // the handshake reads from the connector: never on the accept thread, a slow peer would stall it
                Thread.ofPlatform().daemon().name("mobula-shm-handshake").start(() -> handshake(link));
            }
        }

        private void handshake(SocketChannel link) {
            ShmSegment segment = null;
            try {
                link.configureBlocking(false);
                long deadline = System.nanoTime() + options.connectTimeout().toNanos();
                ByteBuffer len = ByteBuffer.allocate(4);
                readFully(link, len, deadline);
                int n = len.getInt(0);
                if (n <= 0 || n > MAX_PATH) {
                    throw new IOException("bad segment name length " + n);
                }
                ByteBuffer name = ByteBuffer.allocate(n);
                readFully(link, name, deadline);
                Path p = Path.of(new String(name.array(), StandardCharsets.UTF_8));
                segment = ShmSegment.open(p, 1 << 30);
                if (closed || !open) {
                    throw new IOException("listener closed");
                }
                ShmConnection c = new ShmConnection(Endpoint.shm(p.toString()), handler, options, segment, link,
                        wait, connections::remove);
                connections.add(c);
                link.write(ByteBuffer.wrap(new byte[] {1})); // one byte always fits an empty socket buffer
                if (closed) {
                    c.close();
                }
                c.start(true);
            } catch (IOException | RuntimeException e) {
                StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "shm handshake failed: " + e);
                if (segment != null) {
                    segment.closeBells();
                }
                try {
                    link.close();
                } catch (IOException ignored) {
                    // nothing to add
                }
            }
        }

        @Override
        public Endpoint endpoint() {
            return endpoint;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
            listeners.remove(this);
            try {
                server.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // best effort; stale socket names are reclaimed by pid later
            }
        }

        @Override
        public String toString() {
            return "shm listener " + endpoint;
        }
    }
}
