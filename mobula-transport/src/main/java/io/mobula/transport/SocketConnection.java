package io.mobula.transport;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * A frame connection over the blocking streams of a {@link Socket}, whatever made it (a plain socket, an
 * {@code SSLSocket}, a tunnel). The receive thread blocks in {@code read}; a frame is written into a buffered stream
 * and flushed once, so a small frame is one TLS record or one segment.
 */
final class SocketConnection extends StreamConnection {
    private static final int OUT_BUFFER = 64 << 10;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    /** Copies direct buffers to the stream; only touched under sendLock. */
    private final byte[] scratch = new byte[8 << 10];

    @Override
    public Endpoint local() {
        java.net.InetAddress a = socket.getLocalAddress();
        return a == null || socket.getLocalPort() <= 0 ? null
                : new Endpoint(remote.transport(), a.getHostAddress(), socket.getLocalPort(), null);
    }

    SocketConnection(Socket socket, Endpoint remote, FrameHandler handler, TransportOptions options,
                     Consumer<? super StreamConnection> onFinished) throws IOException {
        super(remote, handler, options, ByteBuffer.allocate(4), onFinished);
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = new BufferedOutputStream(socket.getOutputStream(), OUT_BUFFER);
    }

    @Override
    public int readAvailable(ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) {
            return 0;
        }
        // blocks until at least one byte or the end of the stream: this transport has no non-blocking mode
        int n = in.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
        if (n > 0) {
            dst.position(dst.position() + n);
        }
        return n;
    }

    @Override
    public void awaitReadable() {
        // the next read blocks
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        write(prefix);
        if (header != null) {
            write(header);
        }
        write(body);
        out.flush();
    }

    private void write(ByteBuffer b) throws IOException {
        if (b.hasArray()) {
            out.write(b.array(), b.arrayOffset() + b.position(), b.remaining());
            b.position(b.limit());
            return;
        }
        while (b.hasRemaining()) {
            int n = Math.min(b.remaining(), scratch.length);
            b.get(scratch, 0, n);
            out.write(scratch, 0, n);
        }
    }

    @Override
    public ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity); // read() fills a heap array
    }

    @Override
    void closeResources() {
        try {
            socket.close(); // unblocks the receive thread's read and any blocked writer
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "closing " + this + ": " + e);
        }
    }

    @Override
    String technology() {
        return SocketTransport.NAME;
    }
}
