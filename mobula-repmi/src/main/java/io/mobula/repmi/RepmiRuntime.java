package io.mobula.repmi;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolEvent;
import io.mobula.pool.PoolException;
import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.repmi.RepmiMessages.Submit;
import io.mobula.rmi.Rmi;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.io.Serializable;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * RepMI in one process (thesis 4.3): every process of the pool holds a replica of every cloud. A write goes to the
 * sequencer (pool rank 0), which numbers it in one total order over all clouds and sends the writer's bytes to every
 * process; each process applies writes in that order, holding back early arrivals, through the deterministic
 * {@link WriteScheduler}; the writer's process returns the local result to the caller. Reads never leave the process.
 *
 * <p>Settings: {@code mobula.repmi.timeoutMs} bounds a write's wait for its own application and a look-up's wait
 * for a cloud (default 120000).
 */
final class RepmiRuntime {
    private static final System.Logger LOG = System.getLogger(RepmiRuntime.class.getName());
    private static Pool attached;
    private static volatile RepmiRuntime instance;

    final Pool pool;
    final Serialization serialization;
    final long timeoutNanos;
    final WriteScheduler scheduler = new WriteScheduler();
    private final ReplicaPort self;
    private final ConcurrentHashMap<Integer, ReplicaPort> ports = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Replica> clouds = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Replica> byName = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, CompletableFuture<Object>> pending = new ConcurrentHashMap<>();
    private final AtomicLong calls = new AtomicLong(1);
    private final Object arrivals = new Object();
    private final TreeMap<Long, WriteTask> holdBack = new TreeMap<>();
    private long nextSeq = 1;
    /**
     * Writes completed in this process. The deterministic schedule completes writes in the same order on every
     * replica, so equal counts mean equal sets of applied writes: the time of RMI's {@link CausalClock}.
     */
    private long applied;
    private final Object appliedLock = new Object();
    /** Set while this thread sends RepMI's own messages, which must not wait for writes (they bring them). */
    private static final ThreadLocal<Boolean> PROTOCOL = new ThreadLocal<>();
    private final Object cloudsChanged = new Object();
    /** Sequencer state (pool rank 0 only). */
    private final Object sequencing = new Object();
    private long lastSeq;
    private final java.util.Set<Integer> lost = ConcurrentHashMap.newKeySet();
    private volatile CloudException sequencerLost;

    private RepmiRuntime(Pool pool) throws RemoteException, PoolException {
        this.pool = pool;
        this.serialization = Rmi.serialization();
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, Long.getLong("mobula.repmi.timeoutMs",
                120_000)));
        this.self = (ReplicaPort) Rmi.export(new ReplicaPortAdapter(this));
        ports.put(pool.rank(), self);
        Rmi.useCausalClock(new Clock());
        pool.publish("repmi/port/" + pool.rank(), new PortEntry(self));
        pool.addListener(this::onPoolEvent);
        for (PoolEvent e : pool.events()) {
            onPoolEvent(e);
        }
    }

    /** The port of one process in the pool directory. */
    record PortEntry(ReplicaPort port) implements Serializable {
    }

    static synchronized void attach(Pool pool) {
        if (instance != null && instance.pool != pool) {
            throw new IllegalStateException("RepMI in this process already works in " + instance.pool
                    + "; attach a pool before the first cloud operation");
        }
        attached = pool;
    }

    static RepmiRuntime get() {
        RepmiRuntime r = instance;
        if (r != null) {
            return r;
        }
        synchronized (RepmiRuntime.class) {
            if (instance == null) {
                Pool p = attached;
                try {
                    if (p == null) {
                        p = Pool.join();
                        Pool joined = p;
                        Runtime.getRuntime().addShutdownHook(new Thread(joined::close, "mobula-repmi-pool-close"));
                    }
                    instance = new RepmiRuntime(p);
                } catch (PoolException | RemoteException e) {
                    throw new CloudException("RepMI cannot start in this process: " + e.getMessage(), e);
                }
            }
            return instance;
        }
    }

    // ------------------------------------------------------------------ values

    byte[] encode(Object value, String what) {
        try {
            return serialization.toBytes(value);
        } catch (SerialException e) {
            throw new CloudException("cannot serialize " + what + ": " + e.getMessage(), e);
        }
    }

    Object decode(byte[] bytes) {
        try {
            return serialization.fromBytes(bytes);
        } catch (SerialException e) {
            throw new CloudException("cannot decode a write: " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ clouds

    Replica replica(long id) {
        return clouds.get(id);
    }

    Replica byName(String name) {
        return byName.get(name);
    }

    void register(Replica r) {
        clouds.put(r.id, r);
        byName.put(r.name, r);
        synchronized (cloudsChanged) {
            cloudsChanged.notifyAll();
        }
    }

    Replica awaitCloud(String name, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (cloudsChanged) {
            while (true) {
                Replica r = byName.get(name);
                if (r != null) {
                    return r;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new CloudException("no cloud named '" + name + "' within " + timeout.toMillis() + " ms");
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(cloudsChanged, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CloudException("interrupted while looking up cloud '" + name + "'", e);
                }
            }
        }
    }

    // ------------------------------------------------------------------ writes (the writer's side)

    /** Runs a write (or a creation) through the total order and returns the local result. */
    Object write(long cloud, int method, Object parameters, String what) throws Throwable {
        if (CloudContext.current() instanceof CloudContext.WriteFrame) {
            throw new CloudException(what + ": a replication reference used inside a cloud's write method (thesis"
                    + " 4.2.2, the nested invocation problem: cloud objects may not hold replication references)");
        }
        CloudException seqLost = sequencerLost;
        if (seqLost != null) {
            throw new CloudException(seqLost.getMessage(), seqLost);
        }
        byte[] bytes = encode(parameters, "the arguments of " + what);
        long call = calls.getAndIncrement();
        CompletableFuture<Object> f = new CompletableFuture<>();
        pending.put(call, f);
        try {
            PROTOCOL.set(Boolean.TRUE);
            try {
                port(0).submit(new Submit(pool.rank(), call, cloud, method), bytes);
            } finally {
                PROTOCOL.remove();
            }
            return f.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (RemoteException e) {
            throw new CloudException(what + ": the sequencer (pool rank 0) is unreachable: " + e.getMessage(), e);
        } catch (ExecutionException e) {
            throw e.getCause();
        } catch (TimeoutException e) {
            throw new CloudException(what + " was not applied within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                    + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CloudException("interrupted while waiting for " + what, e);
        } finally {
            pending.remove(call);
        }
    }

    /**
     * Counts a write as applied; called while the write still holds its turn, so the count advances in the
     * deterministic schedule's order on every replica.
     */
    void markApplied() {
        synchronized (appliedLock) {
            applied++;
            appliedLock.notifyAll();
        }
    }

    /** A write applied here: if this process wrote it, its caller gets the result. */
    void complete(Deliver d, Object result, Throwable thrown) {
        if (d.origin() != pool.rank()) {
            if (thrown != null && !(thrown instanceof RuntimeException || thrown instanceof Exception)) {
                LOG.log(Level.ERROR, "write " + d.seq() + " failed on this replica with an error; replicas may"
                        + " diverge", thrown);
            }
            return;
        }
        CompletableFuture<Object> f = pending.get(d.call());
        if (f != null) {
            if (thrown != null) {
                f.completeExceptionally(thrown);
            } else {
                f.complete(result);
            }
        }
    }

    /** Writes completed here. */
    long applied() {
        synchronized (appliedLock) {
            return applied;
        }
    }

    /** RMI's causal clock: calls and replies carry the writes their sender has applied (thesis Figure 4.13). */
    private final class Clock implements io.mobula.rmi.CausalClock {
        @Override
        public int now() {
            return PROTOCOL.get() != null ? 0 : (int) applied();
        }

        @Override
        public void awaitAtLeast(int time) throws InterruptedException {
            long deadline = System.nanoTime() + timeoutNanos;
            synchronized (appliedLock) {
                while (applied < time) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new CloudException("this replica has applied " + applied + " writes; an RMI message"
                                + " that follows write " + time + " waited " + TimeUnit.NANOSECONDS.toMillis(
                                timeoutNanos) + " ms for it");
                    }
                    TimeUnit.NANOSECONDS.timedWait(appliedLock, left);
                }
            }
        }
    }

    // ------------------------------------------------------------------ sequencer (pool rank 0)

    void onSubmit(Submit s, byte[] payload) {
        if (pool.rank() != 0) {
            LOG.log(Level.WARNING, "a write was submitted to pool rank {0}, which is not the sequencer", pool.rank());
            return;
        }
        PROTOCOL.set(Boolean.TRUE);
        try {
            sequence(s, payload);
        } finally {
            PROTOCOL.remove();
        }
    }

    private void sequence(Submit s, byte[] payload) {
        synchronized (sequencing) {
            long seq = ++lastSeq;
            Deliver d = new Deliver(seq, s.origin(), s.call(), s.cloud(), s.method());
            for (int r = 0; r < pool.size(); r++) {
                if (lost.contains(r)) {
                    continue;
                }
                try {
                    port(r).deliver(d, payload);
                } catch (RemoteException | CloudException e) {
                    LOG.log(Level.WARNING, "replica at pool rank {0} is unreachable; dropped: {1}", r, e.getMessage());
                    lost.add(r);
                }
            }
        }
    }

    // ------------------------------------------------------------------ replicas

    void onDeliver(Deliver d, byte[] payload) {
        synchronized (arrivals) {
            if (d.seq() < nextSeq || holdBack.containsKey(d.seq())) {
                LOG.log(Level.WARNING, "write {0} delivered twice; ignored", d.seq());
                return;
            }
            holdBack.put(d.seq(), new WriteTask(this, d, payload));
            while (!holdBack.isEmpty() && holdBack.firstKey() == nextSeq) {
                WriteTask t = holdBack.pollFirstEntry().getValue();
                nextSeq++;
                scheduler.add(t);
                Thread.ofVirtual().name("mobula-repmi-write-" + t.seq).start(t::run);
            }
        }
    }

    ReplicaPort port(int poolRank) {
        ReplicaPort p = ports.get(poolRank);
        if (p != null) {
            return p;
        }
        String key = "repmi/port/" + poolRank;
        try {
            Map<String, Serializable> m = pool.await(List.of(key), Duration.ofNanos(timeoutNanos));
            p = ((PortEntry) m.get(key)).port();
        } catch (PoolException | ClassCastException e) {
            throw new CloudException("the RepMI port of pool rank " + poolRank + " is unknown (does that rank use"
                    + " RepMI? every rank of the pool holds replicas): " + e.getMessage(), e);
        }
        ports.putIfAbsent(poolRank, p);
        return p;
    }

    private void onPoolEvent(PoolEvent e) {
        if (e.kind() != PoolEvent.Kind.DIED && e.kind() != PoolEvent.Kind.LEFT) {
            return;
        }
        lost.add(e.rank());
        ports.remove(e.rank());
        if (e.rank() == 0 && pool.rank() != 0) {
            CloudException x = new CloudException("the RepMI sequencer (pool rank 0) is lost (" + e.detail()
                    + "); writes fail: replacing the sequencer is not implemented");
            sequencerLost = x;
            for (CompletableFuture<Object> f : pending.values()) {
                f.completeExceptionally(x);
            }
        }
    }
}
