package io.mobula.rmi;

import io.mobula.serial.Serialization;
import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.FrameHandler;
import io.mobula.transport.Listener;
import io.mobula.transport.SharedMemory;
import io.mobula.transport.Transport;
import io.mobula.transport.TransportOptions;
import io.mobula.transport.Transports;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.rmi.ConnectException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The RMI runtime of this process (one per JVM, as in java.rmi and KaRMI): its VM id, its exported objects, its
 * listener and its connections, one per peer process.
 */
final class RmiRuntime implements FrameHandler {
    private static final System.Logger LOG = System.getLogger(RmiRuntime.class.getName());
    /**
     * The well-known object ids of registries (java.rmi's ObjID.REGISTRY_ID): a registry's id is its port, so a
     * process may have one registry per port, as in java.rmi, and a client reaches one knowing only host and port.
     * Ordinary object ids start above 2^40 ({@link ExportTable}).
     */
    static long registryId(int port) {
        return port;
    }

    /** Whether {@code objectId} is a registry's well-known id. */
    static boolean isRegistryId(long objectId) {
        return objectId >= 0 && objectId <= 0xFFFF;
    }
    private static volatile RmiConfig pendingConfig;
    private static volatile RmiRuntime instance;

    final long vmId = new SecureRandom().nextLong();
    final RmiConfig config;
    final Serialization serialization;
    final ExportTable exports;
    final RmiStats stats = new RmiStats();
    /** Orders calls after a layer's replicated writes ({@link CausalClock}); NONE unless one is installed. */
    volatile CausalClock clock = CausalClock.NONE;
    /** Threads that left the causal order for good ({@link Rmi#leaveCausalOrder}). */
    private static final ThreadLocal<Boolean> OUTSIDE_CAUSAL_ORDER = new ThreadLocal<>();

    /** Marks the calling thread as outside the causal order for good. */
    static void leaveCausalOrder() {
        OUTSIDE_CAUSAL_ORDER.set(Boolean.TRUE);
    }

    /** Whether the calling thread's calls take part in the causal order ({@link CausalClock#orders}). */
    boolean causallyOrdered() {
        return ordered(clock, OUTSIDE_CAUSAL_ORDER);
    }

    /**
     * Whether a thread with {@code outside} (its mark of having left the order) takes part in {@code clock}'s order.
     * A process without a clock ({@link CausalClock#NONE}) orders nothing: it neither reads the thread's mark nor
     * holds back a reply that carries the server's time (a wait for writes it will never apply).
     */
    static boolean ordered(CausalClock clock, ThreadLocal<Boolean> outside) {
        return clock != CausalClock.NONE && outside.get() == null && clock.orders();
    }

    /** The causal time a message sent by the calling thread carries: the clock's, or 0 outside the order. */
    int causalNow() {
        CausalClock c = clock;
        return c == CausalClock.NONE || OUTSIDE_CAUSAL_ORDER.get() != null ? 0 : c.now();
    }

    final ExecutorService dispatchExecutor =
            Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("mobula-call-", 0).factory());
    final DgcClient dgc;
    final KeepAlive keepAlive = new KeepAlive();
    private final Transport tcp;
    /** Whether this process offers shared memory (configured, and a segment directory exists). */
    final boolean shmOffered;
    /** The {@code shm://<host id>} endpoint advertised when {@link #shmOffered}, else null. */
    final Endpoint shmEndpoint;
    private final LocalChannel local;
    private volatile Listener listener;
    private final List<Listener> extraListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The extra and socket-factory listeners with their exported objects; guarded by this runtime's lock. */
    final ListenerUses listenerUses = new ListenerUses();
    private final Map<Long, PeerConnection> byVm = new ConcurrentHashMap<>();
    private final Map<Endpoint, PeerConnection> byEndpoint = new ConcurrentHashMap<>();
    /** Every open connection, for the heartbeat. */
    private final java.util.Set<PeerConnection> connections = ConcurrentHashMap.newKeySet();
    /** Changes whenever a peer connection is ready, closes or starts receiving over shared memory. */
    private final java.util.concurrent.atomic.AtomicInteger peerChanges = new java.util.concurrent.atomic.AtomicInteger();
    private final ScheduledExecutorService timer;
    /** Listeners and connections of objects exported with socket factories. */
    final SocketFactoryChannels sockets = new SocketFactoryChannels(this);
    /** Set while a HELLO goes out on a socket-factory connection: it offers no shared memory. */
    private static final ThreadLocal<Boolean> HELLO_WITHOUT_SHM = new ThreadLocal<>();
    /** Set while this thread opens a connection (onOpen runs on the connecting thread): its role in the handshake. */
    private static final ThreadLocal<Boolean> CONNECTING = new ThreadLocal<>();

    private RmiRuntime(RmiConfig config) {
        this.config = config;
        this.exports = new ExportTable(config.lease().toNanos());
        this.serialization = RmiSerialization.create(this);
        this.tcp = config.tls() == null ? Transports.create("tcp", transportOptions(config))
                : Transports.tls(transportOptions(config), config.tls().withHandshakeTimeout(config.handshakeTimeout()));
        this.local = new LocalChannel(this);
        this.shmOffered = config.sharedMemory() && SharedMemory.available();
        this.shmEndpoint = shmOffered ? Endpoint.shm(SharedMemory.hostId()) : null;
        this.dgc = new DgcClient(this);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mobula-rmi-timer");
            t.setDaemon(true);
            return t;
        });
        // DGC renewals on a thread of their own: a renewal waits for a connection's send lock, which a sender stuck
        // on a peer that stopped reading (a cut link: the socket buffer is full) holds until the heartbeat closes
        // that connection; on the timer's thread it would hold up the heartbeat itself, and every call's deadline
        ScheduledExecutorService dgcThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mobula-dgc");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1, config.lease().toMillis() / 4);
        dgcThread.scheduleWithFixedDelay(this::housekeeping, period, period, TimeUnit.MILLISECONDS);
        long beat = config.heartbeat().toNanos();
        if (beat > 0) {
            timer.scheduleWithFixedDelay(this::heartbeat, beat, beat, TimeUnit.NANOSECONDS);
        }
        if (config.secret() == null) {
            LOG.log(Level.INFO, "Mobula RMI runs without cluster authentication, as configured (mobula.auth=none or"
                    + " RmiConfig.withoutAuthentication()): any process that can reach this one may call its exported"
                    + " objects (docs/SECURITY.md)");
        }
    }

    /**
     * The options of the runtime's transports: its busy-poll window, and the limits on accepted connections
     * ({@code mobula.maxAcceptedConnections}, default 1024; {@code mobula.maxAcceptedConnectionsPerHost}, default 256;
     * docs/SECURITY.md), and how long a connection may stay idle before its receive thread ends
     * ({@code mobula.idleReceiverMs}, default 1000, 0 = never; {@link TransportOptions#idleReceiver()}), and how long
     * a receive thread may run a call it read before another thread takes over receiving
     * ({@code mobula.receiverReliefMicros}, default 1000, 0 = calls that may block always run on virtual threads;
     * {@link TransportOptions#receiverRelief()}). Frames before the handshake are limited to
     * {@link RmiProtocol#HANDSHAKE_FRAME_LIMIT} ({@link TransportOptions#handshakeFrameSize()}).
     */
    static TransportOptions transportOptions(RmiConfig config) {
        io.mobula.transport.ConnectionLimits d = io.mobula.transport.ConnectionLimits.DEFAULT;
        return TransportOptions.defaults().withBusyPoll(config.busyPoll())
                .withIdleReceiver(java.time.Duration.ofMillis(Long.getLong("mobula.idleReceiverMs",
                        TransportOptions.defaults().idleReceiver().toMillis())))
                .withReceiverRelief(java.time.Duration.ofNanos(1000 * Long.getLong("mobula.receiverReliefMicros",
                        TransportOptions.defaults().receiverRelief().toNanos() / 1000)))
                .withConnectionLimits(new io.mobula.transport.ConnectionLimits(
                        Integer.getInteger("mobula.maxAcceptedConnections", d.maxAccepted()),
                        Integer.getInteger("mobula.maxAcceptedConnectionsPerHost", d.maxAcceptedPerHost())))
                .withHandshakeFrameSize(RmiProtocol.HANDSHAKE_FRAME_LIMIT)
                .withTraffic(config.traffic());
    }

    /**
     * Whether {@code c} is a connection this process made to itself: another connection of this process has as its
     * own address the remote address of {@code c} and the other way round (the two ends of one TCP connection). The
     * kernel assigns those addresses, so a peer that merely presents this process's HELLO cannot pass this.
     */
    boolean isSelfConnection(Connection c) {
        Endpoint local = c.local();
        Endpoint remote = c.remote();
        if (local == null || remote == null) {
            return false;
        }
        for (PeerConnection p : connections) {
            Connection o = p.connection;
            if (o != c && sameAddress(remote, o.local()) && sameAddress(local, o.remote())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether two ends name the same address: the same port, and the same host, unless one of them is a name (the
     * host a connecting side dialled, say {@code localhost}). A socket's own address is always the kernel's literal,
     * so one of every pair compared in {@link #isSelfConnection} is exact.
     */
    private static boolean sameAddress(Endpoint a, Endpoint b) {
        return a != null && b != null && a.port() == b.port() && (a.host().equals(b.host())
                || RemoteClient.parseLiteral(a.host()) == null || RemoteClient.parseLiteral(b.host()) == null);
    }

    /** Runs {@code task} once after {@code delayNanos} on the runtime's timer (call time-outs). */
    void schedule(Runnable task, long delayNanos) {
        timer.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }

    /** When the last heartbeat tick ran (timer thread only). */
    private long lastTick = System.nanoTime();
    /** How late the heartbeat ticks ran, summed: time this process itself did not get to run ({@link #pausedNanos}). */
    private final java.util.concurrent.atomic.AtomicLong paused = new java.util.concurrent.atomic.AtomicLong();

    /**
     * How long this process has been unable to run its timer on time, summed since it started: the lateness of its
     * heartbeat ticks (a loaded host, a long GC pause, a stopped JVM). A peer is not blamed for silence during that
     * time: the peer's frames may be sitting unread in this process's sockets (docs/WIRE.md, "Slow peers").
     */
    long pausedNanos() {
        return paused.get();
    }

    private void heartbeat() {
        long now = System.nanoTime();
        long late = Math.max(0, now - lastTick - config.heartbeat().toNanos());
        lastTick = now;
        if (late > 0) {
            paused.addAndGet(late);
        }
        long timeout = config.peerTimeout().toNanos();
        for (PeerConnection p : connections) {
            try {
                p.heartbeat(now, timeout, late);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "heartbeat failed", e);
            }
        }
    }

    static RmiRuntime get() {
        RmiRuntime r = instance;
        if (r == null) {
            synchronized (RmiRuntime.class) {
                r = instance;
                if (r == null) {
                    RmiConfig c = pendingConfig != null ? pendingConfig : RmiConfig.fromSystemProperties();
                    instance = r = new RmiRuntime(c);
                    // after the assignment: a bridge starting up may use the runtime
                    bridgeFailure = Bridges.serve(c);
                }
            }
        }
        IllegalStateException failed = bridgeFailure;
        if (failed != null) {
            throw new IllegalStateException(failed.getMessage(), failed);
        }
        return r;
    }

    /** Why the configured protocol bridge could not start; the runtime refuses to work without it. */
    private static volatile IllegalStateException bridgeFailure;

    static synchronized void configure(RmiConfig config) {
        if (instance != null) {
            throw new IllegalStateException("the RMI runtime is already running; configure it before the first"
                    + " export or call");
        }
        pendingConfig = config;
    }

    static boolean usable(CallChannel ch) {
        return !(ch instanceof PeerConnection p) || p.isOpen();
    }

    String describe() {
        return "vm " + Long.toHexString(vmId) + " " + endpoints();
    }

    /**
     * The technologies this process offers (KaRMI 4.3), carried by every reference and HELLO: the TCP address, and
     * {@code shm://<host id>} when shared memory is offered, so a peer can tell whether it runs on the same host.
     */
    List<Endpoint> endpoints() {
        Listener l = listener;
        if (HELLO_WITHOUT_SHM.get() != null) {
            return l == null ? List.of() : List.of(l.endpoint());
        }
        if (l == null) {
            return shmEndpoint == null ? List.of() : List.of(shmEndpoint);
        }
        return shmEndpoint == null ? List.of(l.endpoint()) : List.of(l.endpoint(), shmEndpoint);
    }

    /** Options for the shared-memory connections that upgraded TCP connections use. */
    TransportOptions transportOptions() {
        return tcp.options();
    }

    private void housekeeping() {
        try {
            forget(exports.sweep());
            dgc.renew();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "DGC housekeeping failed", e);
        }
    }

    /** Objects the export table let go (collected, no lease): their listeners are used by one object less. */
    private void forget(List<ExportTable.Exported> gone) {
        if (!gone.isEmpty()) {
            synchronized (this) {
                for (ExportTable.Exported g : gone) {
                    listenerUses.release(g.ref.endpoints);
                }
            }
        }
    }

    /** Objects exported now (the entries of objects the garbage collector took leave the table first). */
    int exportedObjects() {
        forget(exports.expunge());
        return exports.size();
    }

    // ------------------------------------------------------------------ exporting

    Endpoint ensureListening() throws RemoteException {
        return ensureListening(config.port());
    }

    /**
     * Makes sure this process accepts connections on {@code port} (0: any). The process's own listener, on the
     * configured port ({@code mobula.port}, any by default), is the one references of objects exported on port 0
     * advertise, and stays open; another fixed port (a registry, say) gets an extra listener, which closes again
     * when the last object exported at it leaves ({@link ListenerUses}), as in java.rmi.
     */
    synchronized Endpoint ensureListening(int port) throws RemoteException {
        Listener l = listener;
        if (l == null) {
            listener = l = listen(config.port());
        }
        if (port == 0 || port == l.endpoint().port()) {
            return l.endpoint();
        }
        for (Listener x : extraListeners) {
            if (x.endpoint().port() == port && x.isOpen()) {
                return x.endpoint();
            }
        }
        Listener extra = listen(port);
        extraListeners.add(extra);
        listenerUses.track(extra, () -> extraListeners.remove(extra));
        return extra.endpoint();
    }

    /**
     * Exports {@code impl} (idempotent) with references naming the listener for {@code port}, opened if needed;
     * a listener no exported object names afterwards (the export failed, or the object was exported already
     * elsewhere) is closed again.
     */
    synchronized Remote exportAt(Remote impl, boolean pinned, int port) throws RemoteException {
        if (onProcessWideFactory(port)) {
            return exportAt(impl, pinned, port, null, null);
        }
        Endpoint at = ensureListening(port);
        try {
            return export(impl, pinned, at, null);
        } finally {
            listenerUses.closeIfUnused(at);
        }
    }

    /**
     * Whether an export on {@code port} without per-object factories listens on the process-wide java.rmi socket
     * factory's server sockets ({@link SocketFactoryChannels#processWide()}), as in java.rmi: when one is set,
     * unless this process's own listener or an extra one already listens on that explicit port (java.rmi too adds
     * the object to the listener it has). Read at export only: without a process-wide factory nothing changes.
     */
    private boolean onProcessWideFactory(int port) {
        if (sockets.processWide() == null) {
            return false;
        }
        if (port == 0) {
            return true;
        }
        Listener l = listener;
        if (l != null && l.endpoint().port() == port) {
            return false;
        }
        for (Listener x : extraListeners) {
            if (x.endpoint().port() == port && x.isOpen()) {
                return false;
            }
        }
        return true;
    }

    /**
     * As {@link #exportAt(Remote, boolean, int)}, on a listener whose server sockets {@code ssf} makes (null: the
     * process-wide factory's, else plain ones).
     */
    synchronized Remote exportAt(Remote impl, boolean pinned, int port, java.rmi.server.RMIClientSocketFactory csf,
                                 java.rmi.server.RMIServerSocketFactory ssf) throws RemoteException {
        Endpoint at = sockets.listen(port, ssf);
        try {
            return export(impl, pinned, at, csf);
        } finally {
            listenerUses.closeIfUnused(at);
        }
    }

    /**
     * Exports a registry under its well-known id on {@code port} (with the factories, if any, as
     * {@link #exportAt(Remote, boolean, int, java.rmi.server.RMIClientSocketFactory,
     * java.rmi.server.RMIServerSocketFactory)}); returns its port.
     */
    synchronized int exportRegistry(Remote registry, int port, java.rmi.server.RMIClientSocketFactory csf,
                                    java.rmi.server.RMIServerSocketFactory ssf) throws RemoteException {
        Endpoint at;
        if (csf == null && ssf == null && !onProcessWideFactory(port)) {
            at = ensureListening(port);
        } else {
            ensureListening();
            at = sockets.listen(port, ssf);
        }
        try {
            exportAs(registry, registryId(at.port()), true, endpointsAt(at), csf);
            return at.port();
        } finally {
            listenerUses.closeIfUnused(at);
        }
    }

    private Listener listen(int port) throws RemoteException {
        try {
            return tcp.listen(new Endpoint(tcp.name(), config.host(), port, null), this);
        } catch (IOException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof java.net.BindException && port != 0) { // java.rmi's words
                    throw new java.rmi.server.ExportException("Port already in use: " + port, (Exception) c);
                }
            }
            throw new java.rmi.server.ExportException("cannot listen on " + config.host() + ":" + port + ": "
                    + e.getMessage(), e);
        }
    }

    /** Exports {@code impl} (idempotent) and returns its stub. */
    Remote export(Remote impl, boolean pinned) throws RemoteException {
        return export(impl, pinned, null, null);
    }

    /**
     * Exports {@code impl} (idempotent) with references naming {@code at} (null: the first listener) and carrying
     * {@code csf}, and returns its stub.
     */
    Remote export(Remote impl, boolean pinned, Endpoint at, java.rmi.server.RMIClientSocketFactory csf)
            throws RemoteException {
        ExportTable.Exported e = exports.forTarget(impl);
        if (e != null) {
            if (pinned && !e.pinned) {
                e.pinned = true;
                keepAlive.increment();
            }
            return e.stub();
        }
        ensureListening();
        return exportAs(impl, exports.newId(), pinned, endpointsAt(at), csf);
    }

    /**
     * What a reference of an object reached at {@code at} advertises: a socket-factory endpoint alone (calls must
     * use the factory's sockets), else {@code at} first and shared memory, so a stub of an object exported on an
     * explicit port names that port.
     */
    List<Endpoint> endpointsAt(Endpoint at) {
        Listener l = listener;
        if (at == null || (l != null && at.equals(l.endpoint()))) {
            return endpoints();
        }
        if (SocketFactoryChannels.SCHEME.equals(at.transport()) || shmEndpoint == null) {
            return List.of(at);
        }
        return List.of(at, shmEndpoint);
    }

    /** Exports {@code impl} under a given object id (the registry's well-known one, or a fresh one). */
    Remote exportAs(Remote impl, long id, boolean pinned) throws RemoteException {
        return exportAs(impl, id, pinned, endpoints(), null);
    }

    synchronized Remote exportAs(Remote impl, long id, boolean pinned, List<Endpoint> endpoints,
                                 java.rmi.server.RMIClientSocketFactory csf) throws RemoteException {
        ExportTable.Exported e = exports.exportNew(impl, id, vmId, endpoints, csf, pinned);
        listenerUses.retain(e.ref.endpoints);
        forget(exports.expunge());
        if (pinned) {
            keepAlive.increment();
        }
        return e.stub();
    }

    boolean unexport(Remote impl) {
        ExportTable.Exported e;
        boolean removed;
        synchronized (this) {
            e = exports.forTarget(impl);
            removed = exports.remove(impl);
            if (removed) {
                listenerUses.release(e.ref.endpoints);
            }
        }
        if (removed && e.pinned) {
            keepAlive.decrement();
        }
        if (removed) {
            RegistryAccess.unexported(impl);
            BridgeAccess.unexported(impl);
        }
        return removed;
    }

    /** The stub to send for an exported object (exports it implicitly, unpinned, if needed). */
    Remote stubFor(Remote impl) throws RemoteException {
        return export(impl, false);
    }

    // ------------------------------------------------------------------ connections

    CallChannel channelFor(RemoteRef ref) throws RemoteException {
        if (ref.vmId == vmId) {
            if (exports.find(ref.objectId) == null) {
                throw new NoSuchObjectException(CallTarget.NO_SUCH_OBJECT);
            }
            return local;
        }
        if (ref.usesSocketFactories() || sockets.processWide() != null) {
            return sockets.channelFor(ref);
        }
        PeerConnection p = byVm.get(ref.vmId);
        if (p != null && p.isOpen()) {
            return p;
        }
        RemoteException last = null;
        for (Endpoint e : ref.endpoints) {
            Endpoint w = wire(e);
            if (w == null) {
                continue;
            }
            try {
                return connect(w);
            } catch (RemoteException ex) {
                last = ex;
            }
        }
        if (last == null && config.tls() == null
                && ref.endpoints.stream().anyMatch(e -> "tls".equals(e.transport()))) {
            throw new ConnectException("no usable endpoint for " + ref + ": its process accepts TLS connections only,"
                    + " and this one runs without TLS (mobula.tls, docs/SECURITY.md)");
        }
        throw last != null ? last : new ConnectException("no usable endpoint for " + ref);
    }

    /**
     * The endpoint this process's stream transport dials for a host/port endpoint of a reference, or null if it cannot:
     * with TLS on every TCP address is dialled with TLS ({@code tcp://} ones too: a registry named by host and port,
     * a peer that is to refuse); without it, {@code tls://} endpoints are out of reach.
     */
    private Endpoint wire(Endpoint e) {
        boolean stream = "tcp".equals(e.transport()) || "tls".equals(e.transport());
        if (!stream || !e.hasHost()) {
            return null;
        }
        if (config.tls() != null) {
            return "tls".equals(e.transport()) ? e : Endpoint.tls(e.host(), e.port());
        }
        return "tcp".equals(e.transport()) ? e : null;
    }

    /** One lock per endpoint dialled: a slow handshake with one peer holds up no connection to another. */
    private final Map<Endpoint, Object> connecting = new ConcurrentHashMap<>();

    /** How many times a connection whose handshake timed out is opened again ({@link #connect}). */
    static final int HANDSHAKE_RETRIES = 2;

    /**
     * The connection to {@code e}, opened if needed; returned once its handshake is done. A handshake that timed out
     * (the peer's kernel accepted the connection, so its process is there, but no HELLO came in time: a peer that is
     * starting, loaded or paused) is tried again on a fresh connection, {@link #HANDSHAKE_RETRIES} times, after a
     * back-off of a tenth and then a fifth of the handshake timeout; a refused connection (nobody listens: the
     * process is gone) and a refused handshake fail at once (docs/WIRE.md, "Slow peers").
     */
    private PeerConnection connect(Endpoint e) throws RemoteException {
        PeerConnection p = byEndpoint.get(e);
        if (p != null && p.isOpen()) {
            return p;
        }
        synchronized (connecting.computeIfAbsent(e, k -> new Object())) {
            p = byEndpoint.get(e);
            if (p != null && p.isOpen()) {
                return p;
            }
            for (int attempt = 0; ; attempt++) {
                Connection c = open(tcp, e);
                p = attach(c);
                try {
                    p.awaitHandshake();
                } catch (RemoteException ex) {
                    if (!p.handshakeTimedOut() || attempt >= HANDSHAKE_RETRIES) {
                        throw ex;
                    }
                    LOG.log(Level.DEBUG, "no handshake with {0} in time (attempt {1}); trying again: {2}", e,
                            attempt + 1, ex.getMessage());
                    backOff(config.handshakeTimeout().toNanos() / 10 * (attempt + 1));
                    continue;
                }
                byEndpoint.put(e, p);
                return p;
            }
        }
    }

    private static void backOff(long nanos) throws RemoteException {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new java.rmi.ConnectIOException("interrupted while connecting");
        }
    }

    /**
     * Opens a connection to {@code e} through {@code t}, this side in the connecting role of the handshake (onOpen, and
     * so the HELLO, runs on this thread).
     */
    Connection open(Transport t, Endpoint e) throws RemoteException {
        CONNECTING.set(Boolean.TRUE);
        try {
            return t.connect(e, this, Duration.ofSeconds(10));
        } catch (IOException | RuntimeException ex) {
            throw new ConnectException("cannot connect to " + e + ": " + ex.getMessage(), ex);
        } finally {
            CONNECTING.remove();
        }
    }

    private PeerConnection attach(Connection c) {
        synchronized (c) {
            Object a = c.attachment();
            if (a instanceof PeerConnection p) {
                return p;
            }
            PeerConnection p = new PeerConnection(this, c, serialization, CONNECTING.get() != null);
            c.attach(p);
            connections.add(p);
            stats.connectionsOpened.increment();
            boolean factorySockets = SocketFactoryChannels.owns(c);
            if (factorySockets) {
                HELLO_WITHOUT_SHM.set(Boolean.TRUE);
            }
            try {
                p.sendHello();
            } catch (IOException ex) {
                c.close();
            } finally {
                HELLO_WITHOUT_SHM.remove();
            }
            return p;
        }
    }

    void helloReceived(PeerConnection p) {
        if (SocketFactoryChannels.owns(p.connection)) {
            return; // serves its socket factory's references only, not every call to that process
        }
        peerChanges.incrementAndGet();
        byVm.putIfAbsent(p.peerVmId, p);
        PeerConnection old = byVm.get(p.peerVmId);
        if (old != p && !old.isOpen()) {
            byVm.put(p.peerVmId, p);
        }
    }

    @Override
    public void onOpen(Connection connection) {
        attach(connection);
    }

    @Override
    public void onFrame(Connection connection, ByteBuffer frame) {
        attach(connection).onFrame(connection, frame);
    }

    @Override
    public boolean onFrameRefused(Connection connection, ByteBuffer start, int frameBytes, String reason) {
        return attach(connection).onFrameRefused(start, frameBytes, reason);
    }

    @Override
    public void onClose(Connection connection, IOException cause) {
        Object a = connection.attachment();
        if (a instanceof PeerConnection p) {
            stats.connectionsLost.increment();
            connections.remove(p);
            peerChanges.incrementAndGet();
            p.onClose(cause);
            byVm.remove(p.peerVmId, p);
            byEndpoint.values().remove(p);
            if (p.ready() && !byVm.containsKey(p.peerVmId)) { // a peer that never finished its handshake holds nothing
                exports.peerGone(p.peerVmId);
            }
        }
    }

    PeerConnection connectionTo(long peerVm) {
        return byVm.get(peerVm);
    }

    /** A number that changes when a peer connection becomes ready, closes or moves to shared memory. */
    int peerChanges() {
        return peerChanges.get();
    }

    /** A peer connection's frames arrive on another connection now (shared memory). */
    void peerMoved() {
        peerChanges.incrementAndGet();
    }

    /**
     * Adds to {@code into} the connections frames from the processes {@code vms} arrive on now: every open peer
     * connection to them (two processes that connected to each other at once keep both).
     */
    void inboundFrom(long[] vms, java.util.List<Connection> into) {
        for (PeerConnection p : connections) {
            if (p.ready() && p.isOpen() && java.util.Arrays.binarySearch(vms, p.peerVmId) >= 0) {
                into.add(p.inbound());
            }
        }
    }
}
