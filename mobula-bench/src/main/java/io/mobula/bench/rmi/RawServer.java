package io.mobula.bench.rmi;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The Java raw ping-pong server: blocking NIO {@link SocketChannel}s with TCP_NODELAY and direct buffers, one
 * platform thread per connection (the star kernel opens k). Replies echo the request body in place (see
 * {@link RawProtocol}): no copy, no allocation per call.
 */
final class RawServer {
    private final ServerSocketChannel listener;

    private RawServer(ServerSocketChannel listener) {
        this.listener = listener;
    }

    static RawServer start() throws IOException {
        ServerSocketChannel ssc = ServerSocketChannel.open();
        ssc.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        RawServer server = new RawServer(ssc);
        Thread t = new Thread(server::acceptLoop, "raw-accept");
        t.setDaemon(true);
        t.start();
        return server;
    }

    int port() throws IOException {
        return ((InetSocketAddress) listener.getLocalAddress()).getPort();
    }

    private void acceptLoop() {
        try {
            while (true) {
                SocketChannel ch = listener.accept();
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Thread t = new Thread(() -> serve(ch), "raw-conn");
                t.setDaemon(true);
                t.start();
            }
        } catch (IOException e) {
            // listener closed: the server is going away
        }
    }

    private static void serve(SocketChannel ch) {
        ByteBuffer buf = ByteBuffer.allocateDirect(64 * 1024);
        ByteBuffer cb = ByteBuffer.allocateDirect(64 * 1024);
        try (ch) {
            while (true) {
                buf.clear().limit(RawProtocol.HEADER);
                RawProtocol.readFully(ch, buf);
                int reqLen = buf.getInt(0);
                int replyLen = buf.getInt(4);
                int cbLen = buf.getInt(8);
                int cbReplyLen = buf.getInt(12);
                RawProtocol.checkLength(reqLen, RawProtocol.MAX_BODY, "request");
                RawProtocol.checkLength(replyLen, reqLen, "reply");
                if (cbLen >= 0) {
                    RawProtocol.checkLength(cbLen, reqLen, "callback");
                    RawProtocol.checkLength(cbReplyLen, cbLen, "callback reply");
                }
                if (buf.capacity() < RawProtocol.HEADER + reqLen) {
                    ByteBuffer bigger = ByteBuffer.allocateDirect(RawProtocol.HEADER + reqLen);
                    bigger.put(buf.flip());
                    buf = bigger;
                }
                buf.limit(RawProtocol.HEADER + reqLen).position(RawProtocol.HEADER);
                RawProtocol.readFully(ch, buf);
                if (cbLen >= 0) {
                    // call back the client with the argument; the 4 bytes before the body carry the length
                    buf.putInt(12, cbLen);
                    buf.limit(RawProtocol.HEADER + cbLen).position(12);
                    RawProtocol.writeFully(ch, buf);
                    if (cb.capacity() < 4 + cbReplyLen) {
                        cb = ByteBuffer.allocateDirect(4 + cbReplyLen);
                    }
                    RawProtocol.readFrame(ch, cb, cbReplyLen);
                }
                buf.putInt(12, replyLen);
                buf.limit(RawProtocol.HEADER + replyLen).position(12);
                RawProtocol.writeFully(ch, buf);
            }
        } catch (IOException e) {
            // client went away or sent a bad frame: drop this connection only
        }
    }
}
