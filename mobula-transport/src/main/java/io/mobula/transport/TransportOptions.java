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
 * @param receiveBudget     the most bytes that the receive buffers of all connections in this process may hold
 *                          together beyond their initial 128 KiB each (default: half the maximum heap, which is
 *                          also the default limit of direct memory, but at most 1 GiB; see
 *                          {@link #DEFAULT_RECEIVE_BUDGET}). A receive buffer grows only with the bytes of a frame
 *                          that actually arrive (a full buffer grows fourfold at a time), so a peer that announces
 *                          a large frame and sends little costs little. A connection whose buffer would grow beyond
 *                          what is left of the budget is closed with an {@link java.io.IOException} naming the
 *                          budget (the frame is lost and the peer sees the connection close). The memory goes back
 *                          to the budget when the buffer shrinks after the large frames or the connection closes.
 *                          Transports whose options give the same value share one budget; frames above 128 KiB
 *                          need a budget of at least their size; 0 allows no growth.
 * @param connectionLimits  how many accepted connections may be alive at once, in all and per remote address
 *                          ({@link ConnectionLimits#DEFAULT}); one over a limit is closed as it is accepted
 * @param idleReceiver      how long a TCP or TLS connection may receive nothing before its receive thread ends and
 *                          the connection waits for its next bytes in one selector shared by all idle connections of
 *                          the process (default 1 s; {@link Duration#ZERO} keeps a thread per connection for good;
 *                          otherwise at least 1 ms and at most a day). The next bytes, the peer's close or a local
 *                          close start a fresh receive thread, which goes on where the last one stopped, so a
 *                          process holds a thread only per connection that is busy, not per connection that is open.
 *                          Only in polling mode (a busy-poll window or caller polling, the defaults): a blocking
 *                          channel ({@code busyPoll} zero and {@code callerPolling} off) keeps one thread per
 *                          connection, blocked in its read. Costs nothing per frame: the wait that parks an idle
 *                          receive thread simply has this timeout
 * @param receiverRelief    how long a receive thread may run work that the frame handler gave it
 *                          ({@link Connection#runAfterFrame}) before another thread takes over receiving on the
 *                          connection (default 1 ms; {@link Duration#ZERO} refuses such work, so the handler runs it
 *                          elsewhere; otherwise between 50 µs and 10 s). The thread that read a call can then run it at
 *                          once, with no hand-off to another thread, and is back receiving when it returns; work that
 *                          blocks or runs longer costs a fresh receive thread after this time, so frames never wait
 *                          longer than about twice this for a thread to read them
 * @param shm               settings of shared-memory connections (ring size, poll window, waits); the defaults take
 *                          them from the {@code mobula.shm.*} system properties ({@link ShmOptions#fromSystemProperties()})
 * @param handshakeFrameSize the largest frame a TCP, TLS or socket connection takes from its peer until the layer above
 *                          calls {@link Connection#handshakeDone()} (its peer is authenticated); a larger one closes the
 *                          connection before anything is allocated for it. 0 (the default) has no such phase: frames
 *                          up to {@code maxFrameSize} from the start. RMI sets it to what its handshake needs, so a
 *                          peer that has not authenticated cannot make this process hold more than that per
 *                          connection, nor take any of the {@code receiveBudget} that authenticated calls need
 * @param traffic           sees every frame the transport's connections send and receive (default
 *                          {@link TrafficObserver#NONE}): message and byte counters, e.g. of a simulated cluster
 */
public record TransportOptions(int maxFrameSize, Duration busyPoll, boolean tcpNoDelay, int sendBufferSize,
                               int receiveBufferSize, Duration connectTimeout, boolean callerPolling,
                               long receiveBudget, ConnectionLimits connectionLimits, Duration idleReceiver,
                               Duration receiverRelief, ShmOptions shm, int handshakeFrameSize,
                               TrafficObserver traffic) {

    /** 64 MiB. */
    public static final int DEFAULT_MAX_FRAME_SIZE = 64 << 20;

    /**
     * The default {@link #receiveBudget()}: half of {@link Runtime#maxMemory()} (the default limit of direct memory
     * as well), at most 1 GiB.
     */
    public static final long DEFAULT_RECEIVE_BUDGET = Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 2);

    private static final TransportOptions DEFAULTS = new TransportOptions(DEFAULT_MAX_FRAME_SIZE,
            Duration.ofNanos(20_000), true, 0, 0, Duration.ofSeconds(10), true, DEFAULT_RECEIVE_BUDGET, ConnectionLimits.DEFAULT,
            Duration.ofSeconds(1), Duration.ofMillis(1), ShmOptions.fromSystemProperties(), 0, TrafficObserver.NONE);

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
        Objects.requireNonNull(connectionLimits, "connectionLimits");
        if (receiveBudget < 0) {
            throw new IllegalArgumentException("receiveBudget must be >= 0: " + receiveBudget);
        }
        Objects.requireNonNull(idleReceiver, "idleReceiver");
        if (!idleReceiver.isZero() && (idleReceiver.compareTo(Duration.ofMillis(1)) < 0
                || idleReceiver.compareTo(Duration.ofDays(1)) > 0)) {
            throw new IllegalArgumentException("idleReceiver must be 0 (never) or between 1 ms and 1 day: "
                    + idleReceiver);
        }
        Objects.requireNonNull(receiverRelief, "receiverRelief");
        Objects.requireNonNull(shm, "shm");
        if (handshakeFrameSize < 0 || handshakeFrameSize > maxFrameSize) {
            throw new IllegalArgumentException("handshakeFrameSize must be between 0 (none) and maxFrameSize: "
                    + handshakeFrameSize);
        }
        Objects.requireNonNull(traffic, "traffic");
        if (!receiverRelief.isZero() && (receiverRelief.compareTo(Duration.ofNanos(50_000)) < 0
                || receiverRelief.compareTo(Duration.ofSeconds(10)) > 0)) {
            throw new IllegalArgumentException("receiverRelief must be 0 (off) or between 50 µs and 10 s: "
                    + receiverRelief);
        }
    }

    /** The defaults documented on the record components. */
    public static TransportOptions defaults() {
        return DEFAULTS;
    }

    /** A copy with {@code maxFrameSize} replaced ({@code handshakeFrameSize} lowered to it if above). */
    public TransportOptions withMaxFrameSize(int v) {
        return new TransportOptions(v, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize, connectTimeout,
                callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm,
                Math.min(handshakeFrameSize, Math.max(0, v)), traffic);
    }

    /** A copy with {@code busyPoll} replaced. */
    public TransportOptions withBusyPoll(Duration v) {
        return new TransportOptions(maxFrameSize, v, tcpNoDelay, sendBufferSize, receiveBufferSize, connectTimeout,
                callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code tcpNoDelay} replaced. */
    public TransportOptions withTcpNoDelay(boolean v) {
        return new TransportOptions(maxFrameSize, busyPoll, v, sendBufferSize, receiveBufferSize, connectTimeout,
                callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code sendBufferSize} replaced. */
    public TransportOptions withSendBufferSize(int v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, v, receiveBufferSize, connectTimeout,
                callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code receiveBufferSize} replaced. */
    public TransportOptions withReceiveBufferSize(int v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, v, connectTimeout,
                callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code connectTimeout} replaced. */
    public TransportOptions withConnectTimeout(Duration v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize, v,
                callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code callerPolling} replaced. */
    public TransportOptions withCallerPolling(boolean v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, v, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code receiveBudget} replaced. */
    public TransportOptions withReceiveBudget(long v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, v, connectionLimits, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code connectionLimits} replaced. */
    public TransportOptions withConnectionLimits(ConnectionLimits v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, receiveBudget, v, idleReceiver, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code idleReceiver} replaced. */
    public TransportOptions withIdleReceiver(Duration v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, receiveBudget, connectionLimits, v, receiverRelief, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code receiverRelief} replaced. */
    public TransportOptions withReceiverRelief(Duration v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, receiveBudget, connectionLimits, idleReceiver, v, shm, handshakeFrameSize, traffic);
    }

    /** A copy with {@code shm} replaced. */
    public TransportOptions withShm(ShmOptions v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, v, handshakeFrameSize, traffic);
    }

    /** A copy with {@code handshakeFrameSize} replaced. */
    public TransportOptions withHandshakeFrameSize(int v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm, v, traffic);
    }

    /** A copy with {@code traffic} replaced. */
    public TransportOptions withTraffic(TrafficObserver v) {
        return new TransportOptions(maxFrameSize, busyPoll, tcpNoDelay, sendBufferSize, receiveBufferSize,
                connectTimeout, callerPolling, receiveBudget, connectionLimits, idleReceiver, receiverRelief, shm,
                handshakeFrameSize, v);
    }
}
