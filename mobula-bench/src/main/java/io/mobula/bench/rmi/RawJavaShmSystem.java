package io.mobula.bench.rmi;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Raw Java shared-memory baseline: the {@link RawProtocol} ping-pong through a {@link RawShmChannel} (the ring
 * layout of Mobula's shm transport) with the calling thread spinning on the ring: the physical limit of the
 * shared-memory transport in Java. A TCP connection only hands over the segment name, as in Mobula.
 */
public final class RawJavaShmSystem extends JvmRmiSystem {
    /** Keeps the listener reachable for the life of the server. */
    private static volatile ServerSocketChannel listener;

    @Override
    public String name() {
        return "raw-java-shm";
    }

    @Override
    public String transport() {
        return "shm";
    }

    @Override
    public boolean isRawBaseline() {
        return true;
    }

    @Override
    protected String serve() throws Exception {
        ServerSocketChannel ssc = ServerSocketChannel.open();
        ssc.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        listener = ssc;
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    SocketChannel ch = ssc.accept();
                    Thread c = new Thread(() -> serve(ch), "raw-shm-conn");
                    c.setDaemon(true);
                    c.start();
                }
            } catch (IOException e) {
                // listener closed
            }
        }, "raw-shm-accept");
        t.setDaemon(true);
        t.start();
        return "127.0.0.1:" + ((InetSocketAddress) ssc.getLocalAddress()).getPort();
    }

    private static void serve(SocketChannel link) {
        try (link) {
            ByteBuffer len = ByteBuffer.allocate(4);
            RawProtocol.readFully(link, len);
            ByteBuffer name = ByteBuffer.allocate(len.getInt(0));
            RawProtocol.readFully(link, name);
            RawShmChannel ch = RawShmChannel.open(Path.of(new String(name.array(), StandardCharsets.UTF_8)));
            RawProtocol.writeFully(link, ByteBuffer.wrap(new byte[] {1}));
            ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);
            ByteBuffer cb = ByteBuffer.allocateDirect(64 * 1024);
            while (true) {
                buf.clear().limit(RawProtocol.HEADER);
                ch.readFully(buf);
                int reqLen = buf.getInt(0);
                int replyLen = buf.getInt(4);
                int cbLen = buf.getInt(8);
                int cbReplyLen = buf.getInt(12);
                RawProtocol.checkLength(reqLen, RawProtocol.MAX_BODY, "request");
                RawProtocol.checkLength(replyLen, reqLen, "reply");
                if (buf.capacity() < RawProtocol.HEADER + reqLen) {
                    ByteBuffer bigger = ByteBuffer.allocateDirect(RawProtocol.HEADER + reqLen);
                    bigger.put(buf.flip());
                    buf = bigger;
                }
                buf.limit(RawProtocol.HEADER + reqLen).position(RawProtocol.HEADER);
                ch.readFully(buf);
                if (cbLen >= 0) {
                    buf.putInt(12, cbLen);
                    buf.limit(RawProtocol.HEADER + cbLen).position(12);
                    ch.writeFully(buf);
                    if (cb.capacity() < 4 + cbReplyLen) {
                        cb = ByteBuffer.allocateDirect(4 + cbReplyLen);
                    }
                    cb.clear().limit(4 + cbReplyLen);
                    ch.readFully(cb);
                }
                buf.putInt(12, replyLen);
                buf.limit(RawProtocol.HEADER + replyLen).position(12);
                ch.writeFully(buf);
            }
        } catch (IOException e) {
            // client gone
        }
    }

    @Override
    protected ClientSession connect(String token) throws Exception {
        int colon = token.lastIndexOf(':');
        SocketChannel link = SocketChannel.open(new InetSocketAddress(token.substring(0, colon),
                Integer.parseInt(token.substring(colon + 1))));
        Path[] name = new Path[1];
        RawShmChannel ch = RawShmChannel.create(name);
        byte[] n = name[0].toString().getBytes(StandardCharsets.UTF_8);
        RawProtocol.writeFully(link, ByteBuffer.allocate(4 + n.length).putInt(n.length).put(n).flip());
        RawProtocol.readFully(link, ByteBuffer.allocate(1));
        return new Session(link, ch);
    }

    private static final class Session implements ClientSession {
        private final SocketChannel link;
        private final RawShmChannel ch;

        Session(SocketChannel link, RawShmChannel ch) {
            this.link = link;
            this.ch = ch;
        }

        @Override
        public TimedCall prepare(BenchCase c) throws Exception {
            byte[] body = RawClientSession.body(c);
            int replyLen = c.rawReplyBytes();
            int cbLen = c.rawCallbackBytes();
            int cbReplyLen = c.rawCallbackReplyBytes();
            ByteBuffer send = ByteBuffer.allocateDirect(RawProtocol.HEADER + body.length);
            send.putInt(body.length).putInt(replyLen).putInt(cbLen).putInt(cbReplyLen).put(body).flip();
            ByteBuffer recv = ByteBuffer.allocateDirect(4 + Math.max(replyLen, Math.max(cbLen, 0)));
            TimedCall call = () -> {
                send.clear();
                ch.writeFully(send);
                if (cbLen >= 0) {
                    recv.clear().limit(4 + cbLen);
                    ch.readFully(recv);
                    recv.putInt(0, cbReplyLen);
                    recv.limit(4 + cbReplyLen).position(0);
                    ch.writeFully(recv);
                }
                recv.clear().limit(4 + replyLen);
                ch.readFully(recv);
            };
            call.invoke();
            for (int i = 0; i < replyLen; i++) {
                if (recv.get(4 + i) != body[i]) {
                    throw new AssertionError(c.id() + ": reply byte " + i + " differs from the argument");
                }
            }
            return call;
        }

        @Override
        public void close() throws IOException {
            link.close();
        }
    }
}
