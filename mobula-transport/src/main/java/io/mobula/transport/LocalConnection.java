package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * One end of an in-JVM connection: frames are copied into the peer's ring and from there into the peer's
 * receive buffer (copy semantics like a socket, so upper layers behave the same on every transport).
 */
final class LocalConnection extends StreamConnection {

    private final LocalPipe out;
    private final LocalPipe in;

    LocalConnection(Endpoint remote, FrameHandler handler, TransportOptions options, LocalPipe out, LocalPipe in,
                    Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, ByteBuffer.allocate(4), onFinished);
        handshakeDone(); // both ends are in this process: there is no handshake to wait for
        this.out = out;
        this.in = in;
    }

    @Override
    public int readAvailable(ByteBuffer dst) throws IOException {
        return in.read(dst);
    }

    @Override
    public void awaitReadable() {
        in.awaitData();
    }

    @Override
    void writeFrame(ByteBuffer header, ByteBuffer body, long frameBytes) throws IOException {
        out.write(prefix, 0, 4);
        if (header != null) {
            out.write(header, header.position(), header.remaining());
        }
        out.write(body, body.position(), body.remaining());
    }

    @Override
    public ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocate(capacity); // no system call reads into it, so heap memory is as good
    }

    @Override
    void closeResources() {
        out.closeWriter(); // the peer drains what was sent, then sees an orderly end
        in.closeReader();  // our receive thread stops, the peer's sends fail
    }

    @Override
    String technology() {
        return "local";
    }
}
