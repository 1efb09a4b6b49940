package io.mobula.bench.rmi;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Client of the Java raw ping-pong: per case it encodes the argument once ({@link RawEncoding}) into a direct
 * buffer behind the {@link RawProtocol} header; a call writes that buffer, answers the callback if the kernel has
 * one, and reads the reply.
 */
final class RawClientSession implements ClientSession {
    private final SocketChannel ch;

    private RawClientSession(SocketChannel ch) {
        this.ch = ch;
    }

    static RawClientSession connect(String hostPort) throws IOException {
        int colon = hostPort.lastIndexOf(':');
        InetSocketAddress addr = new InetSocketAddress(hostPort.substring(0, colon),
                Integer.parseInt(hostPort.substring(colon + 1)));
        SocketChannel ch = SocketChannel.open();
        try {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.connect(addr);
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return new RawClientSession(ch);
    }

    @Override
    public TimedCall prepare(BenchCase c) throws Exception {
        byte[] body = body(c);
        int replyLen = c.rawReplyBytes();
        int cbLen = c.rawCallbackBytes();
        int cbReplyLen = c.rawCallbackReplyBytes();
        ByteBuffer send = ByteBuffer.allocateDirect(RawProtocol.HEADER + body.length);
        send.putInt(body.length).putInt(replyLen).putInt(cbLen).putInt(cbReplyLen).put(body).flip();
        ByteBuffer recv = ByteBuffer.allocateDirect(4 + Math.max(replyLen, Math.max(cbLen, 0)));
        TimedCall call = () -> {
            send.clear();
            RawProtocol.writeFully(ch, send);
            if (cbLen >= 0) {
                RawProtocol.readFrame(ch, recv, cbLen);
                recv.putInt(0, cbReplyLen);
                recv.limit(4 + cbReplyLen).position(0);
                RawProtocol.writeFully(ch, recv);
            }
            RawProtocol.readFrame(ch, recv, replyLen);
        };
        validate(c, body, send, recv, cbLen, cbReplyLen, replyLen);
        return call;
    }

    /** One call by hand, checking the callback and reply bytes equal the argument's bytes. */
    private void validate(BenchCase c, byte[] body, ByteBuffer send, ByteBuffer recv, int cbLen, int cbReplyLen,
            int replyLen) throws IOException {
        send.clear();
        RawProtocol.writeFully(ch, send);
        if (cbLen >= 0) {
            RawProtocol.readFrame(ch, recv, cbLen);
            checkEcho(c, "callback", recv, body, cbLen);
            recv.putInt(0, cbReplyLen);
            recv.limit(4 + cbReplyLen).position(0);
            RawProtocol.writeFully(ch, recv);
        }
        RawProtocol.readFrame(ch, recv, replyLen);
        checkEcho(c, "reply", recv, body, replyLen);
    }

    private static void checkEcho(BenchCase c, String what, ByteBuffer recv, byte[] body, int len) {
        for (int i = 0; i < len; i++) {
            if (recv.get(4 + i) != body[i]) {
                throw new AssertionError(c.id() + ": " + what + " byte " + i + " differs from the argument");
            }
        }
    }

    /** The request body: the raw encoding of the argument, or the primitive arguments. */
    static byte[] body(BenchCase c) {
        if (c.payload() != null) {
            return RawEncoding.encode(c.payload().create());
        }
        ByteBuffer b = ByteBuffer.allocate(c.kernel().primitiveArgBytes());
        switch (c.kernel()) {
            case PING_2INT -> b.putInt(1).putInt(2);
            case PING_2INT_2FLOAT -> b.putInt(1).putInt(2).putFloat(3f).putFloat(4f);
            default -> { }
        }
        return b.array();
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
