package io.mobula.rmi;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Settings of the RMI runtime of this process; set once with {@link Rmi#configure} before the first export or
 * call, or through system properties ({@code mobula.host}, {@code mobula.port}, {@code mobula.callTimeoutMs},
 * {@code mobula.dispatch}, {@code mobula.leaseMs}, ...; the cluster secret from a file or the environment, see
 * {@link ClusterSecret}).
 *
 * @param host        address to listen on and to advertise in references (default 127.0.0.1)
 * @param port        port to listen on, 0 for an ephemeral one
 * @param callTimeout how long a caller waits for a reply; zero waits as long as the connection lives
 * @param dispatch    where calls run on the server
 * @param lease       DGC lease length ({@code mobula.leaseMs}; if unset, java.rmi's {@code java.rmi.dgc.leaseValue};
 *                    default 60 s); stubs renew at a quarter of it
 * @param callSpins   spin iterations a caller waits before parking (0 on small machines)
 * @param busyPoll    how long a receive thread polls its connection before parking ({@code mobula.busyPollMicros})
 * @param transports  the technologies this process offers to peers, best first ({@code mobula.transports}, default
 *                    {@code shm,tcp}): {@code "tcp"} is always used for connection set-up; with {@code "shm"} listed
 *                    before it, a connection to a peer on the same host that offers shm too is upgraded to shared
 *                    memory (KaRMI 4.3: the best technology both sides share). {@code tcp} alone turns shm off.
 * @param heartbeat   how often a connection's liveness is checked ({@code mobula.heartbeatMs}, default 1000): a peer
 *                    that sent nothing for that long is pinged; zero turns liveness checks off
 * @param peerTimeout how long a peer may stay silent, pings unanswered, before its connection is closed and every
 *                    call pending on it fails ({@code mobula.peerTimeoutMs}, default 6000): a host that vanished
 *                    without closing its sockets fails calls within this bound instead of hanging them
 * @param byteOrder   the order this process writes primitives in ({@code mobula.byteOrder}: {@code BIG_ENDIAN},
 *                    {@code LITTLE_ENDIAN}; default native); peers read either (receiver makes right, thesis 3.3.2)
 * @param handshakeTimeout how long a new connection may take to complete its handshake (HELLOs and cluster
 *                    authentication) before it is dropped ({@code mobula.handshakeTimeoutMs}, default 5000); also how
 *                    long opening a connection waits for it
 * @param secret      the cluster secret, or null: every connection must then prove knowledge of it before anything
 *                    it sends is deserialized or dispatched (docs/SECURITY.md); never shown by {@link #toString()}
 * @param decoding    what a peer's bytes may instantiate and how large they may make it: the class filter and the
 *                    limits on array length and nesting depth, applied to every connection (and to
 *                    {@link Rmi#serialization()}); {@code mobula.classFilter.allow}/{@code .deny} (comma-separated
 *                    patterns: {@code com.example.*}, {@code com.example.**}, exact names),
 *                    {@code mobula.maxArrayLength}, {@code mobula.maxDepth}, and whether peers may make only trusted
 *                    classes ({@code mobula.trustedClassesOnly}, default true; docs/SECURITY.md)
 * @param jrmpPort    the port at which this process also serves plain java.rmi clients over the standard protocol
 *                    ({@code mobula.jrmp.port}; docs/INTEROP.md): a standard registry there shows the names bound in
 *                    this process's registry. {@link #JRMP_OFF} (the default) serves none; 0 takes an ephemeral port.
 *                    Needs {@code mobula-interop} on the class path
 * @param tls         TLS for every TCP connection of the runtime, made or accepted, or null (the default) for plain
 *                    TCP ({@code mobula.tls=true}: keys and trust from the standard {@code javax.net.ssl.keyStore} and
 *                    {@code javax.net.ssl.trustStore} properties, peers must show a trusted certificate;
 *                    {@code mobula.tls.clientAuth=false} lets in peers without one). References then name
 *                    {@code tls://host:port}; a process without TLS cannot connect, nor this one to it. The cluster
 *                    secret's handshake runs inside TLS; shared memory between processes of one host stays allowed
 *                    (docs/SECURITY.md, "TLS")
 * @param traffic     sees every frame of the runtime's connections (default
 *                    {@link io.mobula.transport.TrafficObserver#NONE}; {@link #withTraffic}): message counters, e.g.
 *                    of a cluster simulated in one JVM
 */
public record RmiConfig(String host, int port, Duration callTimeout, Dispatch dispatch, Duration lease,
                        int callSpins, Duration busyPoll, List<String> transports, Duration heartbeat,
                        Duration peerTimeout, ByteOrder byteOrder, Duration handshakeTimeout, ClusterSecret secret,
                        Decoding decoding, int jrmpPort, io.mobula.transport.TlsOptions tls,
                        io.mobula.transport.TrafficObserver traffic) {

    /** Where incoming calls run. */
    public enum Dispatch {
        /** Non-blocking methods on the receive thread, everything else on a virtual thread (thesis 3.3.1). */
        AUTO,
        /** Every call on a virtual thread. */
        VIRTUAL_THREADS
    }

    public RmiConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(dispatch, "dispatch");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(busyPoll, "busyPoll");
        Objects.requireNonNull(heartbeat, "heartbeat");
        Objects.requireNonNull(peerTimeout, "peerTimeout");
        Objects.requireNonNull(byteOrder, "byteOrder");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        Objects.requireNonNull(decoding, "decoding");
        Objects.requireNonNull(traffic, "traffic");
        if (handshakeTimeout.isNegative() || handshakeTimeout.isZero()) {
            throw new IllegalArgumentException("handshakeTimeout must be positive, not " + handshakeTimeout);
        }
        if (heartbeat.isNegative() || peerTimeout.isNegative()
                || (!heartbeat.isZero() && peerTimeout.compareTo(heartbeat.multipliedBy(2)) < 0)) {
            throw new IllegalArgumentException("peerTimeout " + peerTimeout + " must be at least twice the heartbeat "
                    + heartbeat);
        }
        transports = List.copyOf(transports);
        for (String t : transports) {
            if (!t.equals("tcp") && !t.equals("shm")) {
                throw new IllegalArgumentException("unknown transport '" + t + "' (known: shm, tcp)");
            }
        }
        if (jrmpPort < JRMP_OFF || jrmpPort > 65535) {
            throw new IllegalArgumentException("jrmpPort must be " + JRMP_OFF + " (off), 0 (any) or a port, not "
                    + jrmpPort);
        }
        if (port < 0 || port > 65535 || callTimeout.isNegative() || lease.isNegative() || lease.isZero()
                || callSpins < 0) {
            throw new IllegalArgumentException("bad RMI configuration: " + port + ", " + callTimeout + ", " + lease);
        }
    }

    /** The value of {@link #jrmpPort()} that serves no plain java.rmi client (the default). */
    public static final int JRMP_OFF = -1;

    /** Shared memory where possible, otherwise TCP. */
    public static final List<String> DEFAULT_TRANSPORTS = List.of("shm", "tcp");

    /** Whether connections are upgraded to shared memory (shm offered and preferred to tcp). */
    public boolean sharedMemory() {
        int shm = transports.indexOf("shm");
        int tcp = transports.indexOf("tcp");
        return shm >= 0 && (tcp < 0 || shm < tcp);
    }

    /** The defaults, overridden by system properties. */
    private static final Duration POLL_WINDOW = Duration.ofNanos(1000L * Long.getLong("mobula.pollMicros", 100));

    /**
     * How long a caller waiting for its reply reads the connection itself before it parks ({@code mobula.pollMicros},
     * default 100 µs; 0 turns it off): no thread has to wake the caller for a short call, which on a virtual machine
     * whose cores idle costs tens of microseconds (docs/PERFORMANCE-HISTORY.md).
     */
    public Duration pollWindow() {
        return POLL_WINDOW;
    }

    private static final int OUT_OF_LINE_BYTES = Integer.getInteger("mobula.outOfLineBytes", 8192);

    /**
     * Primitive arrays of at least this many bytes are not copied into a connection's send buffer: the transport
     * copies them once, straight into the shared-memory ring or its socket buffer ({@code mobula.outOfLineBytes},
     * default 8192; 0 copies every array into the send buffer). Measured in docs/PERFORMANCE-HISTORY.md ("Zero-copy bulk
     * data").
     */
    public int outOfLineBytes() {
        return OUT_OF_LINE_BYTES;
    }

    /** The default of {@link #handshakeTimeout()}. */
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(5);

    /**
     * The defaults, overridden by system properties; the cluster secret from the file named by {@code mobula.secretFile}
     * or {@code MOBULA_SECRET_FILE}, or from {@code MOBULA_SECRET}, else the per-user cookie ({@code ~/.mobula/cookie},
     * created on first use; {@code mobula.cookieFile} or {@code MOBULA_COOKIE_FILE} name another file); none only
     * with {@code mobula.auth=none} or {@code MOBULA_AUTH=none} ({@link ClusterSecret}).
     *
     * @throws IllegalStateException if a secret is configured but unusable (a file readable by others, too short, ...),
     *                               or if {@code mobula.secret} is set: a secret on a command line is visible to every
     *                               user of the host
     */
    public static RmiConfig fromSystemProperties() {
        if (System.getProperty("mobula.secret") != null) {
            throw new IllegalStateException("mobula.secret is not read: a secret on a command line is visible to every"
                    + " user of the host; use the environment variable " + ClusterSecret.SECRET_ENV + " or a file"
                    + " (mode 600) named by -D" + ClusterSecret.FILE_PROPERTY + " or " + ClusterSecret.FILE_ENV);
        }
        return new RmiConfig(
                System.getProperty("mobula.host", "127.0.0.1"),
                Integer.getInteger("mobula.port", 0),
                Duration.ofMillis(Long.getLong("mobula.callTimeoutMs", 0)),
                Dispatch.valueOf(System.getProperty("mobula.dispatch", "AUTO")),
                Duration.ofMillis(Long.getLong("mobula.leaseMs", Long.getLong("java.rmi.dgc.leaseValue", 60_000))),
                Integer.getInteger("mobula.callSpins", 0),
                Duration.ofNanos(1000L * Long.getLong("mobula.busyPollMicros", defaultBusyPollMicros())),
                parseTransports(System.getProperty("mobula.transports")),
                Duration.ofMillis(Long.getLong("mobula.heartbeatMs", 1000)),
                Duration.ofMillis(Long.getLong("mobula.peerTimeoutMs", 6000)),
                parseOrder(System.getProperty("mobula.byteOrder")),
                Duration.ofMillis(Long.getLong("mobula.handshakeTimeoutMs", DEFAULT_HANDSHAKE_TIMEOUT.toMillis())),
                ClusterSecret.resolve(System.getenv(), System.getProperties()),
                Decoding.fromSystemProperties(),
                Integer.getInteger("mobula.jrmp.port", JRMP_OFF),
                tlsFromSystemProperties(),
                io.mobula.transport.TrafficObserver.NONE);
    }

    /** {@code mobula.tls}, {@code mobula.tls.clientAuth}; the handshake bound is {@code mobula.handshakeTimeoutMs}. */
    static io.mobula.transport.TlsOptions tlsFromSystemProperties() {
        if (!Boolean.parseBoolean(System.getProperty("mobula.tls", "false"))) {
            return null;
        }
        return io.mobula.transport.TlsOptions.defaults()
                .withClientAuth(Boolean.parseBoolean(System.getProperty("mobula.tls.clientAuth", "true")));
    }

    static ByteOrder parseOrder(String text) {
        if (text == null || text.isBlank() || text.equalsIgnoreCase("native")) {
            return ByteOrder.nativeOrder();
        }
        return switch (text.trim().toUpperCase(java.util.Locale.ROOT)) {
            case "BIG_ENDIAN", "BIG" -> ByteOrder.BIG_ENDIAN;
            case "LITTLE_ENDIAN", "LITTLE" -> ByteOrder.LITTLE_ENDIAN;
            default -> throw new IllegalArgumentException("mobula.byteOrder must be BIG_ENDIAN, LITTLE_ENDIAN or native,"
                    + " not " + text);
        };
    }

    static List<String> parseTransports(String text) {
        if (text == null || text.isBlank()) {
            return DEFAULT_TRANSPORTS;
        }
        return Arrays.stream(text.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
    }

    /**
     * 20 µs. With callers polling for their own replies ({@link #pollWindow()}) only the receive thread serving
     * incoming calls spins, and that spin saves waking an idle core per call: on 2 vCPUs a null call took 26 µs
     * without it and 7.4 µs with it (docs/PERFORMANCE-HISTORY.md).
     */
    static long defaultBusyPollMicros() {
        return 20;
    }

    /**
     * What a peer's bytes may make in this process (docs/SECURITY.md): classes named on the wire must pass the filter
     * before they are loaded, arrays may not be longer than {@code maxArrayLength}, objects not nested deeper than
     * {@code maxDepth}, and hashing a message's set elements and map keys may not walk more than {@code maxHashWork}
     * nested collection elements (collections that share their children cost a walk exponential in their depth). A
     * refused value fails its own call with an {@code UnmarshalException} naming the class or the limit; the
     * connection goes on.
     */
    public record Decoding(io.mobula.serial.ClassFilter classFilter, int maxArrayLength, int maxDepth,
            boolean trustedClassesOnly, long maxHashWork) {
        /**
         * The default filter (its deny-list of known gadget classes), the serializer's default limits, and trusted
         * classes only: peers may make only classes this application compiled with mobula-processor, built-in JDK
         * values and collections, enums, exceptions, and what the filter allows by an explicit pattern.
         */
        public static final Decoding DEFAULT = new Decoding(io.mobula.serial.ClassFilter.defaults(),
                io.mobula.serial.Serialization.DEFAULT_MAX_ARRAY_LENGTH, io.mobula.serial.Serialization.DEFAULT_MAX_DEPTH,
                true);

        /** Checks the values. */
        public Decoding {
            Objects.requireNonNull(classFilter, "classFilter");
            if (maxArrayLength < 0 || maxDepth < 1 || maxHashWork < 0) {
                throw new IllegalArgumentException("maxArrayLength " + maxArrayLength + ", maxDepth " + maxDepth
                        + " and maxHashWork " + maxHashWork + " must be non-negative, positive and non-negative");
            }
        }

        /** With the serializer's default {@code maxHashWork}. */
        public Decoding(io.mobula.serial.ClassFilter classFilter, int maxArrayLength, int maxDepth,
                        boolean trustedClassesOnly) {
            this(classFilter, maxArrayLength, maxDepth, trustedClassesOnly,
                    io.mobula.serial.Serialization.DEFAULT_MAX_HASH_WORK);
        }

        /**
         * From {@code mobula.classFilter.allow}, {@code mobula.classFilter.deny}, {@code mobula.maxArrayLength},
         * {@code mobula.maxDepth}, {@code mobula.trustedClassesOnly}, {@code mobula.maxHashWork}.
         */
        static Decoding fromSystemProperties() {
            String allow = System.getProperty("mobula.classFilter.allow", "");
            String deny = System.getProperty("mobula.classFilter.deny", "");
            io.mobula.serial.ClassFilter filter = io.mobula.serial.ClassFilter.defaults();
            if (!allow.isBlank() || !deny.isBlank()) {
                io.mobula.serial.ClassFilter.Builder b = io.mobula.serial.ClassFilter.builder();
                for (String p : allow.split(",")) {
                    if (!p.isBlank()) {
                        b.allow(p.trim());
                    }
                }
                for (String p : deny.split(",")) {
                    if (!p.isBlank()) {
                        b.deny(p.trim());
                    }
                }
                filter = b.build();
            }
            return new Decoding(filter,
                    Integer.getInteger("mobula.maxArrayLength", io.mobula.serial.Serialization.DEFAULT_MAX_ARRAY_LENGTH),
                    Integer.getInteger("mobula.maxDepth", io.mobula.serial.Serialization.DEFAULT_MAX_DEPTH),
                    Boolean.parseBoolean(System.getProperty("mobula.trustedClassesOnly", "true")),
                    Long.getLong("mobula.maxHashWork", io.mobula.serial.Serialization.DEFAULT_MAX_HASH_WORK));
        }
    }

    /** This configuration with another class filter and limits for what peers send. */
    public RmiConfig withDecoding(Decoding d) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, byteOrder, handshakeTimeout, secret, d, jrmpPort, tls, traffic);
    }

    public RmiConfig withCallTimeout(Duration d) {
        return new RmiConfig(host, port, d, dispatch, lease, callSpins, busyPoll, transports, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    public RmiConfig withDispatch(Dispatch d) {
        return new RmiConfig(host, port, callTimeout, d, lease, callSpins, busyPoll, transports, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    public RmiConfig withLease(Duration d) {
        return new RmiConfig(host, port, callTimeout, dispatch, d, callSpins, busyPoll, transports, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    public RmiConfig withBusyPoll(Duration d) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, d, transports, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    public RmiConfig withHost(String h) {
        return new RmiConfig(h, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    public RmiConfig withPort(int p) {
        return new RmiConfig(host, p, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    /**
     * A copy that also serves plain java.rmi clients at {@code port} ({@link #JRMP_OFF}: none; 0: any port), as
     * {@code mobula.jrmp.port} does.
     */
    public RmiConfig withJrmpPort(int port) {
        return new RmiConfig(host, this.port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, byteOrder, handshakeTimeout, secret, decoding, port, tls, traffic);
    }

    /** A copy with liveness checks every {@code interval} and peers dropped after {@code timeout} of silence. */
    public RmiConfig withHeartbeat(Duration interval, Duration timeout) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, interval, timeout,
                byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    /** A copy writing primitives in {@code order}. */
    public RmiConfig withByteOrder(ByteOrder order) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, order, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    /** A copy offering {@code t}, best first (e.g. {@code List.of("tcp")} to keep every peer on TCP). */
    public RmiConfig withTransports(List<String> t) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, t, heartbeat, peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    /** A copy in which new connections must complete their handshake within {@code d}. */
    public RmiConfig withHandshakeTimeout(Duration d) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, byteOrder, d, secret, decoding, jrmpPort, tls, traffic);
    }

    /**
     * A copy with cluster authentication by {@code s} (null: none): every connection, made or accepted, then proves
     * knowledge of the secret both ways before anything it carries is deserialized or dispatched.
     */
    public RmiConfig withSecret(ClusterSecret s) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, byteOrder, handshakeTimeout, s, decoding, jrmpPort, tls, traffic);
    }

    /**
     * A copy without cluster authentication: any process that can reach this one may call what it exports, as in
     * java.rmi (the same as {@code -Dmobula.auth=none}). Its peers must run without it too.
     */
    public RmiConfig withoutAuthentication() {
        return withSecret((ClusterSecret) null);
    }

    /**
     * {@link #withSecret(ClusterSecret)} with {@code ClusterSecret.of(secret)} (the bytes are copied).
     *
     * @throws IllegalArgumentException if the secret is shorter than {@link ClusterSecret#MIN_LENGTH} bytes
     */
    public RmiConfig withSecret(byte[] secret) {
        return withSecret(ClusterSecret.of(secret));
    }

    /**
     * A copy whose TCP connections, made and accepted, all use TLS with keys and trust from {@code tls} (null: plain
     * TCP). The handshake must complete within {@link #handshakeTimeout()} too.
     */
    public RmiConfig withTls(io.mobula.transport.TlsOptions tls) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }

    /** {@link #withTls(io.mobula.transport.TlsOptions)} with {@code context}'s keys and trust, peers authenticated. */
    public RmiConfig withTls(javax.net.ssl.SSLContext context) {
        return withTls(io.mobula.transport.TlsOptions.defaults().withContext(
                java.util.Objects.requireNonNull(context, "context")));
    }

    /** A copy whose connections show every frame they send and receive to {@code traffic}. */
    public RmiConfig withTraffic(io.mobula.transport.TrafficObserver traffic) {
        return new RmiConfig(host, port, callTimeout, dispatch, lease, callSpins, busyPoll, transports, heartbeat,
                peerTimeout, byteOrder, handshakeTimeout, secret, decoding, jrmpPort, tls, traffic);
    }
}
