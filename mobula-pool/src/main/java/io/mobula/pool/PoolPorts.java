package io.mobula.pool;

import io.mobula.rmi.PeerProgress;
import io.mobula.rmi.Rmi;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The ports of one layer above pools (GMI, RepMI): each process exports one remote object of the layer's port
 * interface, through which its peers send it the layer's messages (one-way calls, thesis 5.4.2 and 4.3), and
 * publishes it in the pool's directory under {@code LAYER/port/RANK}; the other processes look it up once per rank
 * and keep it. The port interface and its message layouts stay the layer's own; this class holds what every layer
 * does with its ports: exporting and publishing this process's, looking up, keeping and forgetting the others', and
 * letting a waiting thread receive from the processes it waits for ({@link Watch}).
 *
 * <p>Thread-safe. Looking up a port known already is one map read; the first look-up of a rank waits (bounded) for
 * the directory, so a thread that must not wait for the network asks {@link #connected} first.
 *
 * @param <P> the layer's port interface
 */
public final class PoolPorts<P extends Remote> {
    /** What the directory holds for one process's port. */
    public record Entry(Remote port) implements Serializable {
    }

    /** A directory operation, which may throw what the pool throws. */
    @FunctionalInterface
    public interface DirectoryCall<T> {
        /** Runs the operation. */
        T call() throws PoolException;
    }

    /**
     * How the layer makes its directory operations (publishing its port, looking the others' up): {@link #DIRECT}, or
     * around a mark of the layer's own (RepMI runs them as its own protocol, outside the causal order of its writes).
     */
    @FunctionalInterface
    public interface DirectoryAccess {
        /** Runs {@code call} as the layer's directory operation. */
        <T> T run(DirectoryCall<T> call) throws PoolException;

        /** Runs directory operations as they are. */
        DirectoryAccess DIRECT = DirectoryCall::call;
    }

    /** The layer's exception for a rank whose port cannot be found. */
    @FunctionalInterface
    public interface UnknownPort {
        /** The exception to throw for {@code rank}, whose look-up failed with {@code cause}. */
        RuntimeException of(int rank, Exception cause);
    }

    private final Pool pool;
    private final Class<P> type;
    private final String prefix;
    private final Duration timeout;
    private final DirectoryAccess access;
    private final UnknownPort unknown;
    private final P self;
    private final ConcurrentHashMap<Integer, P> ports = new ConcurrentHashMap<>();
    /** Counts changes of {@link #ports}: a {@link Watch} made before a change is made again. */
    private final AtomicInteger changes = new AtomicInteger();

    private PoolPorts(Pool pool, String layer, Class<P> type, P adapter, Duration timeout, DirectoryAccess access,
            UnknownPort unknown) throws RemoteException, PoolException {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.type = Objects.requireNonNull(type, "type");
        this.prefix = Objects.requireNonNull(layer, "layer") + "/port/";
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.access = Objects.requireNonNull(access, "access");
        this.unknown = Objects.requireNonNull(unknown, "unknown");
        this.self = type.cast(Rmi.export(Objects.requireNonNull(adapter, "adapter")));
        ports.put(pool.rank(), self);
        access.run(() -> pool.publish(key(pool.rank()), new Entry(self)));
    }

    /**
     * Exports {@code adapter} as this process's port of {@code layer} and publishes it in {@code pool}'s directory.
     *
     * @param layer   the layer's name, the prefix of its directory keys ({@code "gmi"}, {@code "repmi"})
     * @param type    the port interface
     * @param adapter the object that receives the layer's messages in this process
     * @param timeout how long the first look-up of a rank waits for its port to be published
     * @param access  how directory operations are made
     * @param unknown the exception for a rank whose port cannot be found
     * @throws RemoteException when the adapter cannot be exported
     * @throws PoolException   when the port cannot be published
     */
    public static <P extends Remote> PoolPorts<P> export(Pool pool, String layer, Class<P> type, P adapter,
            Duration timeout, DirectoryAccess access, UnknownPort unknown) throws RemoteException, PoolException {
        return new PoolPorts<>(pool, layer, type, adapter, timeout, access, unknown);
    }

    /** The directory key of pool rank {@code rank}'s port. */
    String key(int rank) {
        return prefix + rank;
    }

    /** This process's port (the exported stub). */
    public P self() {
        return self;
    }

    /**
     * Pool rank {@code rank}'s port: the one known, else looked up in the directory (waiting at most the timeout for
     * it to be published) and kept.
     *
     * @throws RuntimeException the layer's ({@link UnknownPort}) when the rank published no port in time
     */
    public P port(int rank) {
        P p = ports.get(rank);
        if (p != null) {
            return p;
        }
        String key = key(rank);
        try {
            Map<String, Serializable> found = access.run(() -> pool.await(List.of(key), timeout));
            p = type.cast(((Entry) found.get(key)).port());
        } catch (PoolException | ClassCastException | NullPointerException e) {
            throw unknown.of(rank, e);
        }
        P before = ports.putIfAbsent(rank, p);
        if (before != null) {
            return before;
        }
        changes.incrementAndGet();
        return p;
    }

    /** Pool rank {@code rank}'s port if it is known already (no look-up), else null. */
    public P known(int rank) {
        return ports.get(rank);
    }

    /**
     * Whether a message to pool rank {@code rank} can leave without waiting for the network first: its port is known
     * and its process connected (a look-up or a connection set-up waits for replies, which a receive thread must not).
     */
    public boolean connected(int rank) {
        P p = ports.get(rank);
        return p != null && (rank == pool.rank() || Rmi.transportOf(p) != null);
    }

    /** Uses {@code port} as pool rank {@code rank}'s instead of looking it up (stand-ins in in-process tests). */
    public void use(int rank, P port) {
        ports.put(rank, Objects.requireNonNull(port, "port"));
        changes.incrementAndGet();
    }

    /** Process {@code rank} is gone: its port is looked up again should it be needed. This process's stays. */
    public void forget(int rank) {
        if (rank != pool.rank() && ports.remove(rank) != null) {
            changes.incrementAndGet();
        }
    }

    /**
     * What a thread waiting for messages from the processes of pool ranks {@code ranks} polls, or, for null, from
     * every other process whose port is known. Make it once per set of processes and keep it.
     */
    public Watch watch(int[] ranks) {
        return new Watch(ranks == null ? null : ranks.clone());
    }

    /**
     * Lets a waiting thread receive, for a short window, what its wait needs from a set of processes, handling each
     * message where it arrives instead of parking until a receive thread wakes it (the waiting thread drives
     * progress, thesis 3.3.3). Covers the processes whose ports are known when it polls; it is made again after the
     * ports known changed. Thread-safe; polling allocates nothing while the ports known stay the same.
     */
    public final class Watch {
        private final int[] ranks;
        private volatile Polled polled;

        private record Polled(PeerProgress progress, int changes) {
        }

        private Watch(int[] ranks) {
            this.ranks = ranks;
        }

        /**
         * Receives until {@code done} holds or the poll window ends ({@link PeerProgress#receiveUntil}); returns at
         * once where the calling thread must not poll (a receive thread's own connection). The caller then waits as
         * before.
         *
         * @return whether {@code done} held
         */
        public boolean receiveUntil(BooleanSupplier done) {
            Polled p = polled;
            int now = changes.get();
            if (p == null || p.changes != now) {
                p = new Polled(Rmi.progressOf(others()), now);
                polled = p;
            }
            return p.progress.receiveUntil(done);
        }

        /** The known ports of the watched processes other than this one, each once. */
        private List<P> others() {
            List<P> out = new ArrayList<>();
            int me = pool.rank();
            if (ranks == null) {
                ports.forEach((rank, port) -> {
                    if (rank != me && !out.contains(port)) {
                        out.add(port);
                    }
                });
            } else {
                for (int r : ranks) {
                    P port = ports.get(r);
                    if (r != me && port != null && !out.contains(port)) {
                        out.add(port);
                    }
                }
            }
            return out;
        }
    }
}
