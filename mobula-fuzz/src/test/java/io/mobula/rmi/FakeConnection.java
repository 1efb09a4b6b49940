package io.mobula.rmi;

import io.mobula.transport.Connection;
import io.mobula.transport.ConnectionStats;
import io.mobula.transport.Endpoint;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** An in-memory transport connection: records what the runtime sends, and is closed as a socket would be. */
final class FakeConnection implements Connection {
    private final Endpoint remote;
    private final List<byte[]> sent = new ArrayList<>();
    private volatile boolean open = true;
    private volatile Object attachment;

    FakeConnection(Endpoint remote) {
        this.remote = remote;
    }

    @Override
    public synchronized void send(ByteBuffer frame) throws IOException {
        if (!open) {
            throw new IOException("connection closed");
        }
        byte[] b = new byte[frame.remaining()];
        frame.get(frame.position(), b);
        if (sent.size() < 64) {
            sent.add(b);
        }
    }

    @Override
    public synchronized void send(ByteBuffer header, ByteBuffer body) throws IOException {
        ByteBuffer both = ByteBuffer.allocate(header.remaining() + body.remaining());
        both.put(header.duplicate()).put(body.duplicate()).flip();
        send(both);
    }

    /** The frames sent so far (at most 64), in order. */
    synchronized List<byte[]> sent() {
        return List.copyOf(sent);
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public Endpoint remote() {
        return remote;
    }

    @Override
    public ConnectionStats stats() {
        return new ConnectionStats(0, 0, 0, 0);
    }

    @Override
    public void attach(Object attachment) {
        this.attachment = attachment;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void close() {
        open = false;
    }
}
