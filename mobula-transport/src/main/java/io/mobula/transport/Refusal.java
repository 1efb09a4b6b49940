package io.mobula.transport;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The one frame a listener sends to a connection it will not keep (over its {@link ConnectionLimits}, or closed to
 * make room) before closing it, so the peer can tell its caller the real reason instead of guessing from a bare close.
 * It begins with the four bytes {@code "MOB!"}, which no frame of a handshake begins with (an RMI HELLO begins with its
 * byte-order flag, 0 or 1; other frames with their type, below 16), followed by the reason in UTF-8, at most
 * {@value #MAX_REASON} bytes. Sent only on plain TCP and socket connections: over TLS the peer learns only that the
 * handshake failed.
 */
public final class Refusal {
    /** The most bytes of reason a refusal carries (longer reasons are cut). */
    public static final int MAX_REASON = 512;
    private static final byte[] MAGIC = {'M', 'O', 'B', '!'};

    private Refusal() {
    }

    /** The refusal frame (without the transport's length prefix) carrying {@code reason}. */
    public static ByteBuffer frame(String reason) {
        byte[] r = reason.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(r.length, MAX_REASON);
        return ByteBuffer.allocate(MAGIC.length + n).put(MAGIC).put(r, 0, n).flip();
    }

    /** The same, with the 4-byte big-endian length prefix of the stream transports, for a raw socket. */
    static ByteBuffer prefixed(String reason) {
        ByteBuffer f = frame(reason);
        return ByteBuffer.allocate(4 + f.remaining()).putInt(f.remaining()).put(f).flip();
    }

    /**
     * The reason {@code frame} (from its position to its limit, which are unchanged) carries if it is a refusal,
     * else null.
     */
    public static String reasonIn(ByteBuffer frame) {
        int at = frame.position();
        int n = frame.remaining();
        if (n < MAGIC.length || n > MAGIC.length + MAX_REASON) {
            return null;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (frame.get(at + i) != MAGIC[i]) {
                return null;
            }
        }
        byte[] r = new byte[n - MAGIC.length];
        frame.get(at + MAGIC.length, r);
        return new String(r, StandardCharsets.UTF_8);
    }

    /** Tells a just accepted socket why it is refused (best effort, it has room for a few bytes) and closes it. */
    static void tellAndClose(java.nio.channels.SocketChannel channel, String reason) {
        try (channel) {
            channel.write(prefixed(reason)); // blocking, into an empty send buffer
        } catch (java.io.IOException | RuntimeException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "refusing " + channel + ": " + e);
        }
    }

    /** The same for a socket of a socket factory. */
    static void tellAndClose(java.net.Socket socket, String reason) {
        try (socket) {
            ByteBuffer b = prefixed(reason);
            socket.getOutputStream().write(b.array(), 0, b.limit());
            socket.getOutputStream().flush();
        } catch (java.io.IOException | RuntimeException e) {
            StreamConnection.LOG.log(System.Logger.Level.DEBUG, () -> "refusing " + socket + ": " + e);
        }
    }
}
