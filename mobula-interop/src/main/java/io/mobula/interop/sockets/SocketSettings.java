package io.mobula.interop.sockets;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The factory's settings, from system properties:
 * <ul>
 *   <li>{@code mobula.sockets.shm} (default {@code true}): offer and accept shared memory with JVMs of this host;</li>
 *   <li>{@code mobula.sockets.ringBytes} (default 256 KiB, a power of two from 4 KiB to 64 MiB): bytes of each of
 *       the two rings of a shared-memory connection;</li>
 *   <li>{@code mobula.sockets.bind} (default: all interfaces, as java.rmi's own sockets): the address listening
 *       sockets bind to, e.g. {@code 127.0.0.1};</li>
 *   <li>{@code mobula.sockets.handshakeMillis} (default 10000): the longest wait for the peer's part of the
 *       negotiation.</li>
 * </ul>
 */
record SocketSettings(boolean shm, int ringBytes, InetAddress bindAddress, int handshakeMillis) {

    static final int DEFAULT_RING_BYTES = 256 << 10;

    SocketSettings {
        if (Integer.bitCount(ringBytes) != 1 || ringBytes < 4096 || ringBytes > 64 << 20) {
            throw new IllegalArgumentException("mobula.sockets.ringBytes must be a power of two from 4096 to "
                    + (64 << 20) + ": " + ringBytes);
        }
        if (handshakeMillis <= 0) {
            throw new IllegalArgumentException("mobula.sockets.handshakeMillis must be positive: " + handshakeMillis);
        }
    }

    /** The settings the system properties give now. */
    static SocketSettings fromSystemProperties() {
        String bind = System.getProperty("mobula.sockets.bind", "").trim();
        InetAddress address = null;
        if (!bind.isEmpty()) {
            try {
                address = InetAddress.getByName(bind);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("mobula.sockets.bind: unknown host " + bind, e);
            }
        }
        return new SocketSettings(
                Boolean.parseBoolean(System.getProperty("mobula.sockets.shm", "true")),
                intProperty("mobula.sockets.ringBytes", DEFAULT_RING_BYTES),
                address,
                intProperty("mobula.sockets.handshakeMillis", 10_000));
    }

    private static int intProperty(String name, int otherwise) {
        String v = System.getProperty(name);
        if (v == null || v.isBlank()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer: " + v, e);
        }
    }
}
