package io.mobula.transport;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of a transport. Start from {@link #defaults()} and change with the {@code with...} methods.
 *
 * @param maxFrameSize      largest frame payload in bytes; larger frames are refused on send and close the
 *                          connection when a peer announces one (default 64 MiB)
 * @param busyPoll          how long a receive thread spins for more data before it parks (default 20 µs,
 *                          at most 1 s);
 *                          spinning cuts the wake-up latency of request/response traffic at the price of
 *                          CPU; {@link Duration#ZERO} parks at once
 * @param tcpNoDelay        TCP_NODELAY on TCP sockets (default on: frames are whole messages)
 * @param sendBufferSize    SO_SNDBUF in bytes, 0 = operating system default
 * @param receiveBufferSize SO_RCVBUF in bytes, 0 = operating system default
 * @param connectTimeout    default timeout of {@link Transport#connect(Endpoint, FrameHandler)} (default 10 s)
 * @param callerPolling     whether a thread waiting for a frame may read the connection itself
 *                          ({@link Connection#receiveUntil}) instead of being woken by the receive thread (default
 *                          on); TCP then keeps its channel non-blocking
 */
public record TransportOptions(int maxFrameSize, Duration busyPoll, boolean tcpNoDelay, int sendBufferSize,
                               int receiveBufferSize, Duration connectTimeout, boolean callerPolling) {

    /** 64 MiB. */
    public static final int DEFAULT_MAX_FRAME_SIZE = 64 << 20;

    private static final TransportOptions DEFAULTS = new TransportOptions(DEFAULT_MAX_FRAME_SIZE,
            Duration.ofNanos(20_000), true, 0, 0, Duration.ofSeconds(10), true);

    /** Validates the settings; see the record components. */
    public TransportOptions {
        // the TCP frame header is a signed 32-bit length; keep room for it in an int-sized buffer
        if (maxFrameSize < 0 || maxFrameSize > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("maxFrameSize out of range: " + maxFrameSize);
        }
        Objects.requireNonNull(busyPoll, "busyPoll");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        // a spin window beyond a second only burns a core; it is a configuration mistake
        if (busyPoll.isNegative() || busyPoll.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("busyPoll must be between 0 and 1 s: " + busyPoll);
        }
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException("connectTimeout must be > 0: " + connectTimeout);
        }
        if (sendBufferSize < 0 || receiveBufferSize < 0) {
            throw new IllegalArgumentException("socket buffer sizes must be >= 0");
        }
    }

    /** The defaults documented on the record components. */
    public static TransportOptions defaults() {
        return DEFAULTS;
    }

    /** A copy with {@code maxFrameSize} replaced. */
    public TransportOptions withMaxFrameSize(int v) {
        return new TransportOptions(v, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize, connectTimeout,
                callerPolling);
    }

    /** A copy with {@code busyPoll} replaced. */
    public TransportOptions withBusyPoll(Duration v) {
        return new TransportOptions(maxFrameSize, v, tcpNoDelay, sendBufferSize, receiveBufferSize, connectTimeout,
                callerPolling);
    }

    /** A copy with {@code tcpNoDelay} replaced. */
    public TransportOptions withTcpNoDelay(boolean v) {
        return new TransportOptions(maxFrameSize, busyPoll, v, sendBufferSize, receiveBufferSize, connectTimeout,
                callerPolling);
    }

    /** A copy with {@code sendBufferSize} replaced. */
    public TransportOptions withSendBufferSize(int v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, v, receiveBufferSize, connectTimeout,
                callerPolling);
    }

    /** A copy with {@code receiveBufferSize} replaced. */
    public TransportOptions withReceiveBufferSize(int v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, v, connectTimeout,
                callerPolling);
    }

    /** A copy with {@code connectTimeout} replaced. */
    public TransportOptions withConnectTimeout(Duration v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize, v,
                callerPolling);
    }

    /** A copy with {@code callerPolling} replaced. */
    public TransportOptions withCallerPolling(boolean v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, v);
    }
}
