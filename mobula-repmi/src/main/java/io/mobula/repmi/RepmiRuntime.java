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
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * RepMI in one process (thesis 4.3): every process of the pool holds a replica of every cloud. A write goes to the
 * sequencer (pool rank 0), which numbers it in one total order over all clouds and sends the writer's bytes to every
 * process; each process applies writes in that order, holding back early arrivals, through the deterministic
 * {@link WriteScheduler}; the writer's process returns the local result to the caller. Reads never leave the process.
 *
 * <p>Settings: {@code mobula.repmi.timeoutMs} bounds a write's wait for its own application and a look-up's wait
 * for a cloud (default 120000). {@code mobula.repmi.causalRmi=false} leaves RMI unordered with respect to writes
 * (thesis Figure 4.13's anomaly; only to show it).
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
    /** This process's writes not settled yet, by call number (ordered: the lowest gives the floor, {@link #floor}). */
    private final ConcurrentSkipListMap<Long, PendingWrite> pending = new ConcurrentSkipListMap<>();
    /** Guards numbering a write and entering it in {@link #pending}, so no lower number is ever missing there. */
    private final Object callIds = new Object();
    private long nextCall = 1;
    /** The writes the order has taken, per writer: a second copy of one runs as nothing (fail-over). */
    private final WriteIds taken = new WriteIds();
    /** The slot of this process's own JOIN, whose copy was checked by the replica that took the snapshot. */
    private volatile long joinSlot = -1;
    /** The parts of the snapshot this joiner is receiving ({@link #install}). */
    private byte[][] snapshotParts;
    private int snapshotPartsIn;
    private final Object arrivals = new Object();
    private final TreeMap<Long, WriteTask> holdBack = new TreeMap<>();
    private long nextSeq = 1;
    /** Whether this replica has its state: the first sequencer from the start, the others once their snapshot is in. */
    private boolean ready;
    /** The processes holding replicas, as this replica knows them (the sequencer sends to these). */
    private final java.util.TreeSet<Integer> members = new java.util.TreeSet<>();
    private volatile Throwable joinFailure;
    /**
     * Set once this process can no longer be sure that its replicas receive every write (it lost the pool
     * coordinator, or the coordinator declared it gone): from then on every read and write here fails with it, so a
     * process cut off from the others never serves a state they have moved past.
     */
    private volatile CloudException stopped;
    /**
     * Writes completed in this process. The deterministic schedule completes writes in the same order on every
     * replica, so equal counts mean equal sets of applied writes: the time of RMI's {@link CausalClock}.
     */
    private volatile long applied; // written under appliedLock; read without it (RMI reads it per frame)
    private final Object appliedLock = new Object();
    /** Set while this thread sends RepMI's own messages, which must not wait for writes (they bring them). */
    private static final ThreadLocal<Boolean> PROTOCOL = new ThreadLocal<>();
    private final Object cloudsChanged = new Object();
    /** Sequencer state (pool rank 0 only). */
    private final Object sequencing = new Object();
    private long lastSeq;
    /** Flow control: how far each replica has taken writes in (sequencer), and how far it may lag. */
    private final ConcurrentHashMap<Integer, Long> progress = new ConcurrentHashMap<>();
    static final int WINDOW = Integer.getInteger("mobula.repmi.window", 4096);
    private static final int REPORT_EVERY = Math.max(1, WINDOW / 8);
    /** Where the sequencer sends deliveries: the members, and joiners from their JOIN on. */
    private final java.util.TreeSet<Integer> destinations = new java.util.TreeSet<>(java.util.Set.of(0));
    private final java.util.Set<Integer> lost = ConcurrentHashMap.newKeySet();
    /** The current sequencer and its epoch; writes wait while {@link #failingOver}. */
    private volatile int sequencer;
    private volatile int epoch;
    private volatile boolean failingOver;
    private final Object sequencerChanged = new Object();
    /** Deliveries of epochs below this are dropped (fenced off by a new sequencer). */
    private int fence;
    /** Recently delivered writes, for a new sequencer to fill other replicas' gaps (thesis-beyond: failover). */
    private final TreeMap<Long, RepmiMessages.Entry> log = new TreeMap<>();
    private static final int LOG_LIMIT = 8192;
    /** A snapshot travels in parts of at most this many bytes (well below a transport's frame limit). */
    static final int SNAPSHOT_PART = 4 << 20;
    /** At most this many parts: a snapshot up to 2 GiB, the size of one array. */
    static final int MAX_SNAPSHOT_PARTS = (Integer.MAX_VALUE - 8) / SNAPSHOT_PART;

    /** A write of this process waiting to be applied here. */
    private static final class PendingWrite {
        final long call;
        final long cloud;
        final int method;
        final byte[] payload;
        final CompletableFuture<Object> result = new CompletableFuture<>();
        /**
         * This replica took the write in (from any sequencer). After a fail-over's redelivery this replica holds every
         * write any survivor holds, so a write not received then is held by no survivor: it must be submitted again.
         */
        volatile boolean received;
        /** A thread is sending the write to the sequencer: only one at a time does. */
        final AtomicBoolean submitting = new AtomicBoolean();
        /** The sequencer epoch the write was last handed to, or -1. */
        volatile int sentEpoch = -1;

        PendingWrite(long call, long cloud, int method, byte[] payload) {
            this.call = call;
            this.cloud = cloud;
            this.method = method;
            this.payload = payload;
        }
    }

    private RepmiRuntime(Pool pool) throws RemoteException, PoolException {
        this.pool = pool;
        this.serialization = Rmi.serialization();
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, Long.getLong("mobula.repmi.timeoutMs",
                120_000)));
        this.self = (ReplicaPort) Rmi.export(new ReplicaPortAdapter(this));
        ports.put(pool.rank(), self);
        if (Boolean.parseBoolean(System.getProperty("mobula.repmi.causalRmi", "true"))) {
            Rmi.useCausalClock(new Clock());
        }
        pool.publish("repmi/port/" + pool.rank(), new PortEntry(self));
        pool.addListener(this::onPoolEvent);
        for (PoolEvent e : pool.events()) {
            onPoolEvent(e);
        }
        if (pool.rank() == 0) {
            synchronized (arrivals) {
                ready = true;
                members.add(0);
            }
        }
    }

    /** Joins the replicas (every process but the first sequencer): a JOIN through the order, then the snapshot. */
    private void join() {
        if (pool.rank() == 0) {
            return;
        }
        try {
            write(0, RepmiMessages.JOIN, null, "joining the replicas");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CloudException("joining the replicas failed: " + t, t);
        }
        Throwable f = joinFailure;
        if (f != null) {
            throw new CloudException("joining the replicas failed: " + f, f);
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
                        p = Pool.joinShared();
                    }
                    RepmiRuntime rt = new RepmiRuntime(p);
                    rt.join();
                    instance = rt;
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
                checkRunning();
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
        checkRunning();
        byte[] bytes = encode(parameters, "the arguments of " + what);
        PendingWrite w;
        long call;
        synchronized (callIds) {
            call = nextCall++;
            w = new PendingWrite(call, cloud, method, bytes);
            pending.put(call, w);
        }
        try {
            submit(w);
            return w.result.get(timeoutNanos, TimeUnit.NANOSECONDS);
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
     * Hands a write to the sequencer, unless another thread is doing so; during a fail-over it waits (bounded) for the
     * new sequencer. Returns once the write is with the sequencer of the current epoch (or settled, or taken in here).
     */
    private void submit(PendingWrite w) throws InterruptedException {
        // the one submitting thread looks again after it lets go: a fail-over that came meanwhile (resume sets the
        // epoch before it looks whether a thread is submitting) may have made its sequencer the old one
        while (!w.received && !w.result.isDone() && w.sentEpoch != epoch) {
            if (!w.submitting.compareAndSet(false, true)) {
                return; // another thread submits it
            }
            try {
                if (!w.received && !w.result.isDone() && w.sentEpoch != epoch) {
                    send(w);
                }
            } finally {
                w.submitting.set(false);
            }
        }
    }

    /** Sends a write to the current sequencer, waiting (bounded) while there is none. */
    private void send(PendingWrite w) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (true) {
            int target;
            int targetEpoch;
            synchronized (sequencerChanged) {
                while (failingOver || lost.contains(sequencer)) {
                    checkRunning();
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new CloudException("no RepMI sequencer within " + TimeUnit.NANOSECONDS.toMillis(
                                timeoutNanos) + " ms (pool rank " + sequencer + " is lost and no successor took over)");
                    }
                    TimeUnit.NANOSECONDS.timedWait(sequencerChanged, left);
                }
                target = sequencer;
                targetEpoch = epoch;
            }
            PROTOCOL.set(Boolean.TRUE);
            try {
                port(target).submit(new Submit(pool.rank(), w.call, floor(w.call), w.cloud, w.method), w.payload);
                w.sentEpoch = targetEpoch;
                return;
            } catch (RemoteException | CloudException e) {
                LOG.log(Level.INFO, "the sequencer at pool rank {0} did not take a write: {1}", target,
                        e.getMessage());
                pool.lost(target, e); // the coordinator decides, so every survivor sees the same failure
            } finally {
                PROTOCOL.remove();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new CloudException("no RepMI sequencer took the write within " + TimeUnit.NANOSECONDS.toMillis(
                        timeoutNanos) + " ms (pool rank " + target + " did not answer)");
            }
            Thread.sleep(20);
        }
    }

    /**
     * The floor a write of this process carries ({@link Submit#floor}): its lowest call neither settled nor taken in
     * by this replica ({@code call} itself at most).
     */
    private long floor(long call) {
        for (Map.Entry<Long, PendingWrite> e : pending.entrySet()) {
            if (e.getKey() >= call) {
                break;
            }
            if (!e.getValue().received) {
                return e.getKey();
            }
        }
        return call;
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

    /**
     * Write {@code d} could not run here for a reason of this process (its bytes did not decode, its cloud is unknown),
     * not because its method threw: where other replicas ran it, they now differ from this one. The writer's caller
     * gets the exception; on the other replicas the failure is logged as an error, never skipped in silence.
     */
    void runtimeFailure(Deliver d, Throwable why) {
        if (d.origin() != pool.rank()) {
            LOG.log(Level.ERROR, "write " + d.seq() + " of pool rank " + d.origin() + " could not run on this replica;"
                    + " if it ran on the others, this replica now differs from them", why);
        }
    }

    /** The last number the sequencer gave out (this process sequences), for tests and diagnostics. */
    long lastSequenced() {
        synchronized (sequencing) {
            return lastSeq;
        }
    }

    /** A write applied here: if this process wrote it, its caller gets the result. */
    void complete(Deliver d, Object result, Throwable thrown) {
        if (d.origin() != pool.rank()) {
            if (thrown instanceof Error) {
                LOG.log(Level.ERROR, "write " + d.seq() + " failed on this replica with an error; replicas may"
                        + " diverge", thrown);
            }
            return;
        }
        PendingWrite w = pending.get(d.call());
        if (w != null) {
            if (thrown != null) {
                w.result.completeExceptionally(thrown);
            } else {
                w.result.complete(result);
            }
        }
    }

    /** Writes completed here. */
    long applied() {
        return applied;
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

    // ------------------------------------------------------------------ sequencer

    void onSubmit(Submit s, byte[] payload) {
        if (stopped != null) {
            LOG.log(Level.WARNING, "a write of pool rank {0} reached this process after RepMI stopped here; its writer"
                    + " submits it again to the next sequencer", s.origin());
            return;
        }
        if (pool.rank() != sequencer || failingOver) {
            LOG.log(Level.WARNING, "a write was submitted to pool rank {0}, which is not the sequencer now; its"
                    + " writer submits it again to the new one", pool.rank());
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
            awaitWindow();
            long seq = ++lastSeq;
            Deliver d = new Deliver(seq, epoch, s.origin(), s.call(), s.floor(), s.cloud(), s.method());
            if (s.method() == RepmiMessages.JOIN) {
                destinations.add(s.origin()); // the joiner gets its JOIN and everything after it
            }
            for (int r : destinations.toArray(new Integer[0])) {
                if (lost.contains(r)) {
                    continue;
                }
                try {
                    port(r).deliver(d, payload);
                } catch (RemoteException | CloudException e) {
                    LOG.log(Level.WARNING, "replica at pool rank {0} is unreachable; dropped: {1}", r, e.getMessage());
                    lost.add(r);
                    pool.lost(r, e);
                }
            }
        }
    }

    /** Holds sequencing back (bounded) while a live replica lags more than {@link #WINDOW} writes behind. */
    private void awaitWindow() {
        long deadline = System.nanoTime() + timeoutNanos;
        while (true) {
            long slowest = Long.MAX_VALUE;
            int who = -1;
            for (int r : destinations) {
                if (!lost.contains(r)) {
                    long p = progress.getOrDefault(r, lastSeq); // no report yet: a fresh joiner, not behind
                    if (p < slowest) {
                        slowest = p;
                        who = r;
                    }
                }
            }
            if (who < 0 || lastSeq - slowest < WINDOW) {
                return;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                LOG.log(Level.WARNING, "RepMI: replica at pool rank {0} lags {1} writes behind for {2} ms; writes go"
                        + " on", who, lastSeq - slowest, TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
                progress.put(who, lastSeq);
                return;
            }
            try {
                sequencing.wait(Math.max(1, Math.min(50, TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    void onProgress(int rank, long seq) {
        progress.merge(rank, seq, Math::max);
        synchronized (sequencing) {
            sequencing.notifyAll();
        }
    }

    // ------------------------------------------------------------------ replicas

    void onDeliver(Deliver d, byte[] payload) {
        if (stopped != null) {
            return; // nothing here is read or written any more
        }
        synchronized (arrivals) {
            if (d.epoch() < fence) {
                LOG.log(Level.DEBUG, "write {0} of fenced-off epoch {1} dropped", d.seq(), d.epoch());
                return;
            }
            if ((ready && d.seq() < nextSeq) || holdBack.containsKey(d.seq())) {
                return; // a duplicate (a new sequencer re-delivers what some replicas lacked)
            }
            if (d.origin() == pool.rank()) {
                PendingWrite w = pending.get(d.call());
                if (w != null) {
                    w.received = true;
                }
            }
            RepmiMessages.Entry e = new RepmiMessages.Entry(d, payload);
            log.put(d.seq(), e);
            if (log.size() > LOG_LIMIT) {
                log.pollFirstEntry();
            }
            holdBack.put(d.seq(), new WriteTask(this, d, payload));
            drain();
        }
    }

    /** Starts the held-back writes that are next in the order (only once this replica has its state). */
    private void drain() {
        synchronized (arrivals) {
            while (ready && !holdBack.isEmpty() && holdBack.firstKey() == nextSeq) {
                WriteTask t = holdBack.pollFirstEntry().getValue();
                nextSeq++;
                scheduler.add(t);
                Thread.ofVirtual().name("mobula-repmi-write-" + t.seq).start(t::run);
                if (t.seq % REPORT_EVERY == 0) {
                    reportProgress(t.seq);
                }
            }
        }
    }

    private void reportProgress(long seq) {
        int target = sequencer;
        Thread.ofVirtual().start(() -> {
            PROTOCOL.set(Boolean.TRUE);
            try {
                port(target).progress(pool.rank(), seq);
            } catch (RemoteException | CloudException e) {
                LOG.log(Level.DEBUG, "progress report to the sequencer failed: {0}", e.getMessage());
            }
        });
    }

    /**
     * A JOIN reached its turn here: the joiner becomes a member everywhere; the sequencer's replica sends it the
     * state as of this point (no other write runs meanwhile: the JOIN holds the turn).
     */
    void onJoin(Deliver d) {
        synchronized (arrivals) {
            members.add(d.origin());
        }
        if (pool.rank() != sequencer || d.origin() == pool.rank()) {
            return;
        }
        int blocked = scheduler.blocked(); // later writes have not started: the JOIN holds the lowest turn
        String refusal = null;
        byte[] bytes = null;
        if (blocked > 0) {
            refusal = "pool rank " + d.origin() + " cannot join the replicas while " + blocked + " write(s) wait in"
                    + " cloudWait (their threads cannot be copied); join before blocking writes";
        } else {
            List<RepmiMessages.CloudState> cs = new java.util.ArrayList<>();
            for (Replica r : clouds.values()) {
                cs.add(new RepmiMessages.CloudState(r.id, r.name, r.rootInterface.getName(), r.hashes.get(), r.root));
            }
            int[] m;
            synchronized (arrivals) {
                m = members.stream().mapToInt(Integer::intValue).toArray();
            }
            try {
                bytes = SnapshotCodec.encode(new RepmiMessages.Snapshot(d.seq(), applied(), m, taken.export(), cs),
                        serialization);
                if (bytes.length > (long) SNAPSHOT_PART * MAX_SNAPSHOT_PARTS) {
                    refusal = "the snapshot of the clouds takes " + bytes.length + " bytes, more than a join carries ("
                            + (long) SNAPSHOT_PART * MAX_SNAPSHOT_PARTS + ")";
                }
            } catch (CloudException e) {
                refusal = "the snapshot for pool rank " + d.origin() + " cannot be made: " + e.getMessage();
            }
        }
        PROTOCOL.set(Boolean.TRUE);
        try {
            ReplicaPort joiner = port(d.origin());
            if (refusal != null) {
                LOG.log(Level.WARNING, "RepMI: pool rank {0} is refused as a replica: {1}", d.origin(), refusal);
                joiner.joinRefused(refusal);
            } else {
                int parts = Math.max(1, (bytes.length + SNAPSHOT_PART - 1) / SNAPSHOT_PART);
                for (int p = 0; p < parts; p++) {
                    int from = p * SNAPSHOT_PART;
                    joiner.install(p, parts, java.util.Arrays.copyOfRange(bytes, from,
                            Math.min(bytes.length, from + SNAPSHOT_PART)));
                }
            }
        } catch (RemoteException | CloudException e) {
            LOG.log(Level.WARNING, "the snapshot for joining pool rank {0} could not be sent: {1}", d.origin(),
                    e.getMessage());
        } finally {
            PROTOCOL.remove();
        }
    }

    /**
     * The joiner takes in part {@code part} of {@code parts} of its snapshot; with the last part in, it installs the
     * state of every cloud, then applies the writes from its JOIN on.
     *
     * @throws CloudException when the parts do not fit together or the snapshot is refused ({@link SnapshotCodec})
     */
    void install(int part, int parts, byte[] bytes) {
        byte[] whole;
        synchronized (arrivals) {
            if (ready) {
                LOG.log(Level.DEBUG, "a snapshot part for a replica that has its state was dropped");
                return;
            }
            if (parts < 1 || parts > MAX_SNAPSHOT_PARTS || part < 0 || part >= parts || bytes == null
                    || bytes.length > SNAPSHOT_PART || (snapshotParts != null && snapshotParts.length != parts)
                    || (snapshotParts != null && snapshotParts[part] != null)) {
                throw new CloudException("a snapshot part " + part + " of " + parts + " (" + (bytes == null ? 0
                        : bytes.length) + " bytes) does not fit the snapshot being received");
            }
            if (snapshotParts == null) {
                snapshotParts = new byte[parts][];
            }
            snapshotParts[part] = bytes;
            if (++snapshotPartsIn < parts) {
                return;
            }
            long total = 0;
            for (byte[] b : snapshotParts) {
                total += b.length;
            }
            whole = new byte[(int) total];
            int at = 0;
            for (byte[] b : snapshotParts) {
                System.arraycopy(b, 0, whole, at, b.length);
                at += b.length;
            }
            snapshotParts = null;
        }
        install(SnapshotCodec.decode(whole, serialization, io.mobula.rmi.Rmi.config().decoding().classFilter(),
                loader()));
    }

    private static ClassLoader loader() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return cl != null ? cl : RepmiRuntime.class.getClassLoader();
    }

    private void install(RepmiMessages.Snapshot snap) {
        List<Replica> replicas = new java.util.ArrayList<>();
        for (RepmiMessages.CloudState c : snap.clouds()) {
            Class<?> iface;
            try {
                iface = Class.forName(c.rootInterface(), false, loader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw new CloudException("cloud '" + c.name() + "' has interface " + c.rootInterface() + ", which this"
                        + " process cannot load", e);
            }
            if (!Root.class.isAssignableFrom(iface) || !iface.isInstance(c.root())) {
                throw new CloudException("a snapshot is refused: the root of cloud '" + c.name() + "' is not a "
                        + c.rootInterface() + " replication interface");
            }
            io.mobula.repmi.spi.CloudSkeleton sk = Generated.skeleton(iface);
            io.mobula.repmi.spi.CloudClassInfo info = Generated.classInfo(c.root().getClass());
            boolean[] reads = new boolean[sk.methods().size()];
            for (int i = 0; i < reads.length; i++) {
                reads[i] = Generated.isRead(info, sk.methods().get(i));
            }
            replicas.add(new Replica(c.id(), c.name(), c.root(), iface, sk, reads, new AtomicLong(c.hashes())));
        }
        taken.restore(snap.writers());
        for (Replica r : replicas) {
            register(r);
        }
        synchronized (appliedLock) {
            applied = snap.applied();
        }
        synchronized (arrivals) {
            for (int m : snap.members()) {
                members.add(m);
            }
            nextSeq = snap.seq();
            joinSlot = snap.seq();
            holdBack.headMap(nextSeq).clear();
            ready = true;
            drain();
        }
    }

    /** The join of this process failed: its JOIN returns {@code t} at once. */
    void joinFailed(Throwable t) {
        joinFailure = t;
        for (PendingWrite w : pending.values()) {
            if (w.method == RepmiMessages.JOIN) {
                w.result.completeExceptionally(t);
            }
        }
    }

    /**
     * Whether write {@code d}, at its first turn, runs: not if the order took another copy of it before (a fail-over
     * may sequence a write twice). Every replica decides alike; this process's own JOIN was decided by the replica
     * that took its snapshot.
     */
    boolean firstCopy(Deliver d) {
        return d.seq() == joinSlot || taken.first(d.origin(), d.call(), d.floor());
    }

    /** Marks the calling thread as one sending or serving RepMI's own messages (they carry causal time 0). */
    void protocolThread() {
        PROTOCOL.set(Boolean.TRUE);
    }

    long[] status(int newEpoch) {
        synchronized (arrivals) {
            fence = Math.max(fence, newEpoch);
            long max = holdBack.isEmpty() ? nextSeq - 1 : holdBack.lastKey();
            return new long[] {nextSeq - 1, max};
        }
    }

    List<RepmiMessages.Entry> fetch(long from, long to) {
        synchronized (arrivals) {
            // held-back writes are in the log too (logged on arrival; the log drops only its oldest entries)
            return new java.util.ArrayList<>(log.subMap(from, true, to, true).values());
        }
    }

    void resume(int newEpoch, int newSequencer, long last) {
        synchronized (sequencerChanged) {
            epoch = newEpoch;
            sequencer = newSequencer;
            failingOver = false;
            sequencerChanged.notifyAll();
        }
        // this replica now holds every write any survivor holds (the new sequencer redelivered them before this
        // call), so a write of this process it has not received is held by no survivor: submit it again, once, unless
        // its own thread is still submitting it (that thread sends it to the new sequencer itself). A copy the old
        // sequencer still had on its way is dropped by every replica alike (WriteIds)
        for (PendingWrite w : pending.values()) {
            if (!w.received && w.sentEpoch != newEpoch && !w.submitting.get()) {
                Thread.ofVirtual().start(() -> {
                    try {
                        submit(w);
                    } catch (InterruptedException | CloudException e) {
                        w.result.completeExceptionally(e instanceof CloudException c ? c
                                : new CloudException("interrupted while submitting a write again", e));
                    }
                });
            }
        }
        LOG.log(Level.INFO, "RepMI: pool rank {0} sequences from write {1} on (epoch {2})", newSequencer, last + 1,
                newEpoch);
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
        if (e.kind() == PoolEvent.Kind.COORDINATOR_LOST) {
            // cut off, or the coordinator is gone: either way nobody can tell this process that the others went on
            // without it, so it stops rather than serve a state they may have moved past
            stop("this process lost the pool coordinator (" + e.detail() + ")");
        } else if (e.rank() == pool.rank() && e.isFailure()) {
            stop("the pool declared this process gone (" + e.detail() + ")");
        } else if (e.kind() == PoolEvent.Kind.DIED || e.kind() == PoolEvent.Kind.LEFT) {
            lost(e.rank(), e.kind() + ": " + e.detail());
        }
    }

    /**
     * Stops RepMI in this process for good: pending writes fail, and so does every later read and write (thesis-beyond:
     * the thesis assumes no partitions; docs/REPMI.md, Failures).
     */
    private void stop(String why) {
        CloudException e = new CloudException("RepMI stopped in this process: " + why + "; the other replicas may"
                + " apply writes this one never receives, so its clouds can no longer be read or written");
        synchronized (sequencerChanged) {
            if (stopped != null) {
                return;
            }
            stopped = e;
            sequencerChanged.notifyAll();
        }
        synchronized (cloudsChanged) {
            cloudsChanged.notifyAll();
        }
        LOG.log(Level.ERROR, e.getMessage());
        for (PendingWrite w : pending.values()) {
            w.result.completeExceptionally(e);
        }
    }

    /**
     * Throws if RepMI stopped in this process ({@link #stop}); every read and write checks it first (one volatile
     * read).
     *
     * @throws CloudException naming why it stopped
     */
    void checkRunning() {
        CloudException s = stopped;
        if (s != null) {
            throw new CloudException(s.getMessage(), s);
        }
    }

    /** Process {@code rank} is gone: no more deliveries to it; if it sequenced, its successor takes over. */
    private void lost(int rank, String detail) {
        if (rank == pool.rank() || !lost.add(rank)) {
            return;
        }
        ports.remove(rank);
        if (rank != sequencer) {
            return;
        }
        synchronized (sequencerChanged) {
            failingOver = true;
            sequencerChanged.notifyAll();
        }
        int successor = -1;
        for (int r = 0; r < pool.size() && successor < 0; r++) {
            if (!lost.contains(r)) {
                successor = r;
            }
        }
        LOG.log(Level.WARNING, "RepMI: the sequencer (pool rank {0}) is lost ({1}); pool rank {2} takes over", rank,
                detail, successor);
        if (successor == pool.rank()) {
            int next = epoch + 1;
            Thread.ofVirtual().name("mobula-repmi-failover").start(() -> takeOver(next));
        }
    }

    /**
     * Becomes the sequencer (the lowest surviving rank): fences off the old epoch at every survivor, finds the
     * highest number any of them received, gives every survivor the writes it misses (from whichever survivor has
     * them; a number no survivor has becomes a no-op everywhere), then tells them to resume with this process as the
     * sequencer. Survivors thus apply one identical sequence; writes no survivor received are submitted again by
     * their writers.
     */
    private void takeOver(int newEpoch) {
        PROTOCOL.set(Boolean.TRUE);
        try {
            List<Integer> survivors = new java.util.ArrayList<>();
            Map<Integer, long[]> status = new java.util.HashMap<>();
            List<Integer> known;
            synchronized (arrivals) {
                known = new java.util.ArrayList<>(members);
            }
            for (int r : known) {
                if (lost.contains(r)) {
                    continue;
                }
                try {
                    status.put(r, port(r).status(newEpoch));
                    survivors.add(r);
                } catch (RemoteException | CloudException e) {
                    lost.add(r);
                }
            }
            long low = Long.MAX_VALUE;
            long high = 0;
            for (long[] st : status.values()) {
                low = Math.min(low, st[0]);
                high = Math.max(high, st[1]);
            }
            TreeMap<Long, RepmiMessages.Entry> entries = new TreeMap<>();
            if (high > low) {
                for (int r : survivors) {
                    if (status.get(r)[1] > low) {
                        try {
                            for (RepmiMessages.Entry e : port(r).fetch(low + 1, high)) {
                                entries.putIfAbsent(e.header().seq(), e);
                            }
                        } catch (RemoteException | CloudException e) {
                            lost.add(r);
                        }
                    }
                }
            }
            for (long q = low + 1; q <= high; q++) {
                RepmiMessages.Entry e = entries.get(q);
                Deliver h = e == null ? new Deliver(q, newEpoch, -1, 0, 0, 0, RepmiMessages.NOOP)
                        : new Deliver(q, newEpoch, e.header().origin(), e.header().call(), e.header().floor(),
                                e.header().cloud(), e.header().method());
                entries.put(q, new RepmiMessages.Entry(h, e == null ? encode(null, "a no-op") : e.payload()));
            }
            for (int r : survivors) {
                List<RepmiMessages.Entry> missing = new java.util.ArrayList<>(
                        entries.tailMap(status.get(r)[0], false).values());
                try {
                    port(r).redeliver(missing);
                } catch (RemoteException | CloudException e) {
                    lost.add(r);
                }
            }
            synchronized (sequencing) {
                lastSeq = high;
                destinations.clear();
                destinations.addAll(survivors);
            }
            for (int r : survivors) {
                try {
                    port(r).resume(newEpoch, pool.rank(), high);
                } catch (RemoteException | CloudException e) {
                    lost.add(r);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "RepMI: taking over as sequencer failed; writes will time out", e);
        } finally {
            PROTOCOL.remove();
        }
    }
}
