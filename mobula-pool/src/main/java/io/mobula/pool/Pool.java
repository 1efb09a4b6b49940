package io.mobula.pool;

import io.mobula.rmi.LocalEndpoint;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.lang.System.Logger.Level;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A process's membership in a pool of {@code size} processes, numbered 0 .. size-1. {@link #join} blocks until
 * every rank has joined, then every member knows every other's address, host identity and offered service object.
 * Afterwards a heartbeat keeps this member's lease and fetches events: members that {@link PoolEvent.Kind#LEFT
 * left} or {@link PoolEvent.Kind#DIED died}.
 *
 * <pre>{@code
 * try (Pool pool = Pool.join(PoolOptions.fromEnvironment().withService(myExportedObject))) {
 *     Worker right = pool.service((pool.rank() + 1) % pool.size(), Worker.class);
 *     ...
 *     pool.check();   // throws MemberLostException naming a dead rank
 * }
 * }</pre>
 */
public final class Pool implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Pool.class.getName());

    private final PoolOptions options;
    private final PoolCoordinator coordinator;
    private final List<Member> members;
    private final PoolServer hosted;
    private final List<PoolEvent> events = new CopyOnWriteArrayList<>();
    private final List<Consumer<PoolEvent>> listeners = new CopyOnWriteArrayList<>();
    private final Thread heartbeat;
    /** Runs the listeners, in event order, so that their work never holds up a heartbeat. */
    private final ExecutorService delivery;
    private volatile boolean closed;

    private Pool(PoolOptions options, PoolCoordinator coordinator, List<Member> members, PoolServer hosted) {
        this.options = options;
        this.coordinator = coordinator;
        this.members = members;
        this.hosted = hosted;
        this.delivery = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "mobula-pool-events");
            t.setDaemon(true);
            return t;
        });
        // a platform thread of its own at the highest priority, doing nothing but heartbeat: not a virtual thread
        // sharing carriers with the application's, and not behind the listeners' work (docs/POOL.md)
        this.heartbeat = new Thread(this::heartbeatLoop, "mobula-pool-heartbeat");
        heartbeat.setDaemon(true);
        heartbeat.setPriority(Thread.MAX_PRIORITY);
        heartbeat.start();
    }

    /** Joins the pool described by system properties and the environment ({@link PoolOptions#fromEnvironment}). */
    public static Pool join() throws PoolException {
        return join(PoolOptions.fromEnvironment());
    }

    /**
     * Joins a pool and waits until it is complete.
     *
     * @throws PoolException when the pool does not complete within the join timeout (the message names the missing
     *                       ranks), the coordinator cannot be reached, or the rank is taken
     */
    public static Pool join(PoolOptions o) throws PoolException {
        long deadline = System.nanoTime() + o.joinTimeout().toNanos();
        PoolServer hosted = null;
        try {
            if (o.rank0Hosts() && o.rank() == 0) {
                try {
                    hosted = PoolServer.start(o.serverPort(), o.detection());
                } catch (RemoteException e) {
                    throw new PoolException("pool '" + o.name() + "': rank 0 could not serve the pool coordinator"
                            + " on port " + o.serverPort() + " (mobula.pool.bootstrap=rank0; another job on this"
                            + " port? choose one with -Dmobula.pool.server=HOST:PORT): " + e.getMessage(), e);
                }
            }
            Remote service = o.service() == null ? null : Rmi.toStub(o.service());
            Member me = new Member(o.rank(), LocalEndpoint.get(), HostIdentity.local(), ProcessHandle.current().pid(),
                    service);
            PoolCoordinator c = locate(o, deadline);
            long leftMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
            List<Member> all = c.join(o.name(), o.size(), me, leftMs);
            return new Pool(o, c, List.copyOf(all), hosted);
        } catch (RemoteException e) {
            if (hosted != null) {
                hosted.close();
            }
            throw new PoolException("pool '" + o.name() + "': rank " + o.rank() + " lost the coordinator at "
                    + o.serverHost() + ":" + o.serverPort() + " while joining: " + e.getMessage(), e);
        } catch (PoolException | RuntimeException e) {
            if (hosted != null) {
                hosted.close();
            }
            throw e;
        }
    }

    private static Pool shared;

    /**
     * The pool this process joined from its environment ({@link #join()}), joining it on the first call and leaving it
     * when the JVM shuts down: what layers above pools (GMI, RepMI) use when the application attached none.
     *
     * @throws PoolException when joining fails
     */
    public static synchronized Pool joinShared() throws PoolException {
        if (shared == null) {
            Pool p = join();
            Runtime.getRuntime().addShutdownHook(new Thread(p::close, "mobula-pool-close"));
            shared = p;
        }
        return shared;
    }

    private static PoolCoordinator locate(PoolOptions o, long deadline) throws PoolException {
        Exception last = null;
        while (true) {
            try {
                Registry r = LocateRegistry.getRegistry(o.serverHost(), o.serverPort());
                return (PoolCoordinator) r.lookup(PoolCoordinator.NAME);
            } catch (RemoteException | NotBoundException | ClassCastException e) {
                last = e; // not up yet: rank 0 or the server may start after us
            }
            if (System.nanoTime() - deadline > 0) {
                throw new PoolException("pool '" + o.name() + "': no pool coordinator at " + o.serverHost() + ":"
                        + o.serverPort() + " within " + o.joinTimeout().toMillis() + " ms ("
                        + (o.rank0Hosts() ? "rank 0 should start it" : "start one with ./mobula pool-server")
                        + "); last error: " + last.getMessage(), last);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new PoolException("interrupted while looking for the pool coordinator", ie);
            }
        }
    }

    private void heartbeatLoop() {
        // a heartbeat never waits for replicated writes (a replica that lags behind them must not look dead)
        Rmi.leaveCausalOrder();
        long period = Math.max(20, options.lease().toMillis() / 4);
        long lastOk = System.nanoTime();
        while (!closed) {
            try {
                Thread.sleep(period);
            } catch (InterruptedException e) {
                return;
            }
            if (closed) {
                return;
            }
            try {
                refresh();
                lastOk = System.nanoTime();
            } catch (PoolException e) {
                publish(new PoolEvent(PoolEvent.Kind.COORDINATOR_LOST, coordinatorRank(), e.getMessage()));
                return;
            } catch (RemoteException e) {
                if (closed) {
                    return;
                }
                if (System.nanoTime() - lastOk > options.lease().toNanos()) {
                    publish(new PoolEvent(PoolEvent.Kind.COORDINATOR_LOST, coordinatorRank(),
                            "pool coordinator " + coordinatorName() + " unreachable: " + e.getMessage()));
                    return;
                }
            }
        }
    }

    /** Renews the lease and publishes new events; one at a time, so none is fetched twice. */
    private synchronized void refresh() throws RemoteException, PoolException {
        for (PoolEvent ev : coordinator.heartbeat(options.name(), options.rank(), events.size())) {
            publish(ev);
        }
    }

    private int coordinatorRank() {
        return options.rank0Hosts() ? 0 : -1;
    }

    private String coordinatorName() {
        return (options.rank0Hosts() ? "(rank 0) " : "") + "at " + options.serverHost() + ":" + options.serverPort();
    }

    private synchronized void publish(PoolEvent ev) {
        events.add(ev);
        if (ev.isFailure()) {
            LOG.log(Level.WARNING, "pool {0}: {1}", options.name(), ev.detail());
        }
        if (listeners.isEmpty()) {
            return;
        }
        try {
            delivery.execute(() -> {
                for (Consumer<PoolEvent> l : listeners) {
                    try {
                        l.accept(ev);
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "pool event listener failed", e);
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.log(Level.DEBUG, "pool {0}: closed, event not delivered to listeners: {1}", options.name(),
                    ev.detail());
        }
    }

    /** The pool's name. */
    public String name() {
        return options.name();
    }

    /** This process's rank. */
    public int rank() {
        return options.rank();
    }

    /** The number of members. */
    public int size() {
        return options.size();
    }

    /** Every member, indexed by rank. */
    public List<Member> members() {
        return members;
    }

    /** The member of rank {@code r}. */
    public Member member(int r) {
        return members.get(r);
    }

    /** This process as the others see it. */
    public Member self() {
        return members.get(options.rank());
    }

    /**
     * The service object rank {@code r} offered, as {@code type}.
     *
     * @throws IllegalStateException when it offered none, or one of another type
     */
    public <T extends Remote> T service(int r, Class<T> type) {
        Remote s = members.get(r).service();
        if (!type.isInstance(s)) {
            throw new IllegalStateException("rank " + r + " offered " + (s == null ? "no service" : s.getClass()
                    .getName()) + ", not a " + type.getName());
        }
        return type.cast(s);
    }

    /** Events so far, oldest first. */
    public List<PoolEvent> events() {
        return List.copyOf(events);
    }

    /**
     * Calls {@code listener} for every later event, in order, on the pool's event thread (one per pool, apart from
     * the heartbeat thread, so a slow listener delays later events but never a heartbeat).
     */
    public void addListener(Consumer<PoolEvent> listener) {
        listeners.add(listener);
    }

    /** The first failure event (a member died, or the coordinator is lost), if any. */
    public Optional<PoolEvent> failure() {
        for (PoolEvent e : events) {
            if (e.isFailure()) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * Throws if a member has died or the coordinator is lost.
     *
     * @throws MemberLostException naming the rank
     */
    public void check() throws MemberLostException {
        Optional<PoolEvent> f = failure();
        if (f.isPresent()) {
            throw new MemberLostException(f.get().rank(), "pool '" + name() + "', rank " + rank() + ": "
                    + f.get().detail(), null);
        }
    }

    /**
     * The exception to throw when a call to rank {@code r} failed.
     *
     * <p>A call that failed in this process before anything was sent ({@link Rmi#callNotSent}: its arguments could
     * not be marshalled, or its frame is over the connection's limit) says nothing about {@code r}: nothing is
     * reported, and the result is a plain {@link PoolException} naming the call and its cause, never a
     * {@link MemberLostException}. Nor does a call that {@code r} answered by throwing ({@link ServerException},
     * {@link ServerError}: a remote exception or error thrown by the method itself there, which the member lived to
     * send): the result is a plain {@link PoolException} too.
     *
     * <p>Any other failure, which may have come from {@code r} or the link to it, reports {@code r} to the coordinator,
     * fetches the latest events, and returns a {@link MemberLostException} naming the first member the pool lost:
     * often not {@code r} itself, as when rank 2 dies, its neighbour fails, and a call to the neighbour is only the
     * echo of the first failure.
     *
     * @param cause what the call threw ({@code null}: unreachable)
     */
    public PoolException lost(int r, Throwable cause) {
        Member m = members.get(r);
        if (failedHere(cause)) {
            return new PoolException("pool '" + name() + "', rank " + rank() + ": call to " + m.describe()
                    + " failed here before anything was sent (no member was lost): " + cause.getMessage(), cause);
        }
        if (cause instanceof ServerException || cause instanceof ServerError) {
            return new PoolException("pool '" + name() + "', rank " + rank() + ": call to " + m.describe()
                    + " failed in the method there, which answered (no member was lost): " + cause.getMessage(), cause);
        }
        try {
            coordinator.report(name(), rank(), r, cause == null ? "unreachable" : String.valueOf(cause.getMessage()));
            refresh();
        } catch (RemoteException | PoolException e) {
            LOG.log(Level.DEBUG, "could not report rank " + r, e);
        }
        String call = "call to " + m.describe() + " failed: " + (cause == null ? "" : cause.getMessage());
        Optional<PoolEvent> first = failure();
        if (first.isPresent() && first.get().rank() != r) {
            return new MemberLostException(first.get().rank(), "pool '" + name() + "', rank " + rank() + ": "
                    + first.get().detail() + "; then " + call, cause);
        }
        return new MemberLostException(r, "pool '" + name() + "', rank " + rank() + ": " + call, cause);
    }

    /**
     * Whether a call that threw {@code cause} provably failed in this process before anything was sent, as the RMI
     * runtime says ({@link Rmi#callNotSent}). Anything else, any other {@link java.rmi.MarshalException} included
     * (java.rmi's may come after part of the call was written), may involve the peer.
     */
    static boolean failedHere(Throwable cause) {
        return Rmi.callNotSent(cause);
    }

    private int barriers;

    /**
     * Waits until every rank of the pool has called {@code barrier} as often as this one (MPI_Barrier). Each rank's
     * n-th call matches the others' n-th call. Call it from one thread per rank.
     *
     * @throws PoolException when a member died or left first (naming it), after the pool's join timeout, or when the
     *     coordinator cannot be reached
     */
    public void barrier() throws PoolException {
        int round = barriers++;
        try {
            coordinator.barrier(options.name(), options.rank(), round, options.joinTimeout().toMillis());
        } catch (RemoteException e) {
            throw new PoolException("pool '" + options.name() + "': barrier " + round + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Publishes {@code value} under {@code key} in the pool's directory unless the key is taken (the first publisher
     * wins). Layers above pools use it to agree on names and ranks; keys are plain strings, by convention prefixed
     * with the layer's name ({@code "gmi/..."}).
     *
     * @return {@code null} when {@code value} was stored, else the value published earlier under {@code key}
     * @throws PoolException when the coordinator cannot be reached
     */
    public java.io.Serializable publish(String key, java.io.Serializable value) throws PoolException {
        try {
            return coordinator.publish(options.name(), options.rank(), key, value);
        } catch (RemoteException e) {
            throw new PoolException("pool '" + options.name() + "': publishing '" + key + "' failed: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Waits at most {@code timeout} until every one of {@code keys} is published and returns the values by key;
     * a zero timeout looks without waiting.
     *
     * @throws PoolException naming the missing keys after the timeout, or when the coordinator cannot be reached
     */
    public java.util.Map<String, java.io.Serializable> await(List<String> keys, Duration timeout)
            throws PoolException {
        try {
            return coordinator.await(options.name(), options.rank(), List.copyOf(keys), timeout.toMillis());
        } catch (RemoteException e) {
            throw new PoolException("pool '" + options.name() + "': directory look-up of " + keys + " failed: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Leaves the pool. Rank 0 hosting the coordinator first waits (at most the join timeout) until the others have
     * left or died, so it does not pull the coordinator from under them.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        heartbeat.interrupt();
        delivery.shutdown(); // events already published are still delivered
        try {
            coordinator.leave(options.name(), options.rank());
        } catch (RemoteException e) {
            LOG.log(Level.DEBUG, "leave failed", e);
        }
        if (hosted != null) {
            try {
                if (!hosted.awaitEmpty(options.name(), options.joinTimeout())) {
                    LOG.log(Level.WARNING, "pool {0}: closing the coordinator while members are still running",
                            options.name());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            hosted.close();
        }
    }

    @Override
    public String toString() {
        List<String> m = new ArrayList<>();
        for (Member x : members) {
            m.add(x.rank() + "@" + x.address());
        }
        return "Pool[" + name() + ", rank " + rank() + " of " + size() + ", " + m + "]";
    }

    /** How long {@link #close()} of a hosting rank 0 may wait; exposed for tests. */
    Duration joinTimeout() {
        return options.joinTimeout();
    }
}
