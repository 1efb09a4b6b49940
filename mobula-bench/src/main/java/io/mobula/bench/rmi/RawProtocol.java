package io.mobula.bench.rmi;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The raw ping-pong framing shared by the Java NIO and C baselines (src/main/c/pingpong.c), big-endian:
 *
 * <pre>
 *   request  (client to server): int reqLen, int replyLen, int cbLen, int cbReplyLen, reqLen body bytes
 *   callback (server to client, only when cbLen &gt;= 0): int cbLen, the first cbLen body bytes
 *   cb reply (client to server): int cbReplyLen, the first cbReplyLen callback bytes
 *   reply    (server to client): int replyLen, the first replyLen body bytes
 * </pre>
 *
 * The 16-byte request header stands in for an RMI call header (object, method, call id); echoing the body is what
 * {@code obj ping(obj)} moves. No serialization happens: this is the physical limit of the transport.
 */
final class RawProtocol {
    static final int HEADER = 16;
    /** Largest body accepted; a longer announced length closes the connection. */
    static final int MAX_BODY = 64 << 20;

    private RawProtocol() { }

    static void writeFully(SocketChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    /** Reads exactly {@code buf.remaining()} bytes. */
    static void readFully(SocketChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            if (ch.read(buf) < 0) {
                throw new EOFException("connection closed");
            }
        }
    }

    /** Reads a length-prefixed frame into {@code buf} at 0 (length at 0..4, body after) and checks its length. */
    static void readFrame(SocketChannel ch, ByteBuffer buf, int expectedLen) throws IOException {
        buf.clear().limit(4);
        readFully(ch, buf);
        int len = buf.getInt(0);
        if (len != expectedLen) {
            throw new IOException("frame of " + len + " bytes, expected " + expectedLen);
        }
        buf.limit(4 + len);
        readFully(ch, buf);
    }

    static void checkLength(int len, int max, String what) throws IOException {
        if (len < 0 || len > max) {
            throw new IOException("bad " + what + " length " + len);
        }
    }
}
