package io.mobula.repmi;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolEvent;
import io.mobula.pool.PoolException;
import io.mobula.pool.PoolPorts;
import io.mobula.pool.spi.PerProcess;
import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.repmi.RepmiMessages.Submit;
import io.mobula.rmi.Rmi;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * RepMI in one process (thesis 4.3): every process of the pool holds a replica of every cloud. A writer sends its
 * write's bytes once to every replica, the sequencer (pool rank 0) among them, which numbers the write in one total
 * order over all clouds and broadcasts only that order; each process applies writes in that order, holding back early
 * arrivals, through the deterministic {@link WriteScheduler}; the writer's process returns the local result to the
 * caller. Reads never leave the process.
 *
 * <p>This class keeps the registry of clouds, the writer's side (a write's entry point, its submission to the
 * sequencer, its result) and the wiring: the process's port, the causal clock and the pool's events. The jobs of the
 * order are classes of their own: {@link Sequencer} (numbering and flow control), {@link Delivery} (a replica's
 * hold-back, application count and fail-over log), {@link Joins} (snapshots for joiners) and {@link Failover} (who
 * sequences, and replacing a lost sequencer).
 *
 * <p>Settings: {@code mobula.repmi.timeoutMs} bounds a write's wait for its own application and a look-up's wait
 * for a cloud (default 120000). {@code mobula.repmi.window} and {@code mobula.repmi.windowBytes} bound the writes of
 * a process on their way and how far a replica may lag behind the order, in writes and in payload bytes (flow
 * control, {@link Sequencer}). {@code mobula.repmi.relayFrom} is the number of replicas from which the sequencer's
 * orders, and the writers' payloads, travel along binomial trees of the pool's ranks (rooted at the sequencer, and at
 * the writer) instead of from the sequencer and the writer to each ({@link OrderRelay}, default 16).
 * {@code mobula.repmi.causalRmi=false} leaves RMI unordered with respect to writes
 * (thesis Figure 4.13's anomaly; only to show it).
 */
final class RepmiRuntime {
    private static final System.Logger LOG = System.getLogger(RepmiRuntime.class.getName());
    private static final PerProcess<RepmiRuntime> RUNTIME = new PerProcess<>("RepMI", "cloud operation",
            RepmiRuntime::start, rt -> rt.pool, CloudException::new);

    final Pool pool;
    final Serialization serialization;
    final long timeoutNanos;
    final WriteScheduler scheduler = new WriteScheduler();
    /** Reads waiting on this process's replicas for a write to notify them (blocking reads). */
    final ReadWaits readWaits = new ReadWaits();
    final RepmiStats stats = new RepmiStats();
    /**
     * This process's writes on their way, at most a window ({@link Sequencer#WINDOW} writes and
     * {@link Sequencer#WINDOW_BYTES} payload bytes, a single larger write alone): each replica holds the payloads of a
     * process's writes until their order comes, so this bounds what a writer can make the others hold.
     */
    private final WriteBudget onTheirWay = new WriteBudget(Sequencer.WINDOW, Sequencer.WINDOW_BYTES);
    /** Replicas a payload could not be published to lately: skipped, and reported once per second, not per write. */
    private final UnreachableReplicas unreachable;
    /** Replicas and sequencers that did not take a write: one line at once, then a count every 10 s. */
    private static final io.mobula.transport.RateLimitedLog NOT_TAKEN = new io.mobula.transport.RateLimitedLog(LOG,
            Level.INFO, io.mobula.transport.RateLimitedLog.DEFAULT_PERIOD);
    /** Every process's {@link ReplicaPort}, this one's exported here. */
    private final PoolPorts<ReplicaPort> ports;
    /** What a writer waiting for its write polls: the other replicas' processes ({@link #drive}). */
    private final PoolPorts<ReplicaPort>.Watch others;
    private final ConcurrentHashMap<Long, Replica> clouds = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Replica> byName = new ConcurrentHashMap<>();
    /** This process's writes not settled yet, by call number (ordered: the lowest gives the floor, {@link #floor}). */
    private final ConcurrentSkipListMap<Long, PendingWrite> pending = new ConcurrentSkipListMap<>();
    /** Guards numbering a write and entering it in {@link #pending}, so no lower number is ever missing there. */
    private final Object callIds = new Object();
    private long nextCall = 1;
    /**
     * Set once this process can no longer be sure that its replicas receive every write (it lost the pool
     * coordinator, or the coordinator declared it gone): from then on every read and write here fails with it, so a
     * process cut off from the others never serves a state they have moved past.
     */
    private volatile CloudException stopped;
    /** Set while this thread sends RepMI's own messages, which must not wait for writes (they bring them). */
    static final ThreadLocal<Boolean> PROTOCOL = new ThreadLocal<>();
    private final Object cloudsChanged = new Object();
    final Failover failover = new Failover(this);
    final Sequencer sequencer = new Sequencer(this);
    final OrderRelay relay = new OrderRelay(this);
    final Delivery delivery = new Delivery(this);
    final Joins joins = new Joins(this);

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
        /** The thread waiting for the write's result, from its submission on ({@link #drive}). */
        volatile Thread waiter;
        /** Whether {@link #waiter} submits or polls for the write now; written by that thread only. */
        boolean driving;
        /** The write itself, in its turn, handed to {@link #waiter} while it polled, for it to run; that thread's. */
        WriteTask handed;
        /** A thread is sending the write to the sequencer: only one at a time does. */
        final AtomicBoolean submitting = new AtomicBoolean();
        /** The sequencer epoch the write was last handed to, or -1. */
        volatile int sentEpoch = -1;
        /** The payload went to the other replicas (with the first submission; later ones send it to the sequencer). */
        volatile boolean published;

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
        this.unreachable = new UnreachableReplicas(TimeUnit.SECONDS.toNanos(1));
        if (Boolean.parseBoolean(System.getProperty("mobula.repmi.causalRmi", "true"))) {
            Rmi.useCausalClock(new Clock());
        }
        // publishing and looking up ports are RepMI's own: their replies must not wait for writes (the coordinator's
        // process may have applied some already, which this process receives only once it has joined)
        this.ports = PoolPorts.export(pool, "repmi", ReplicaPort.class, new ReplicaPortAdapter(this),
                Duration.ofNanos(timeoutNanos), RepmiRuntime::protocol, (rank, e) -> new CloudException("the RepMI"
                        + " port of pool rank " + rank + " is unknown (does that rank use RepMI? every rank of the"
                        + " pool holds replicas): " + e.getMessage(), e));
        this.others = ports.watch(null);
        pool.addListener(this::onPoolEvent);
        for (PoolEvent e : pool.events()) {
            onPoolEvent(e);
        }
        if (pool.rank() == 0) {
            delivery.startAsFirst();
        }
    }

    /** Joins the replicas (every process but the first sequencer): a JOIN through the order, then the snapshot. */
    private void join() {
        if (pool.rank() == 0) {
            return;
        }
        try {
            write(0, RepmiMessages.JOIN, null, () -> "joining the replicas");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CloudException("joining the replicas failed: " + t, t);
        }
        Throwable f = joins.failure();
        if (f != null) {
            throw new CloudException("joining the replicas failed: " + f, f);
        }
    }

    /** Makes RepMI in this process use {@code pool}; only before the first cloud operation (or with the same pool). */
    static void attach(Pool pool) {
        RUNTIME.attach(pool);
    }

    /**
     * The runtime, started (and joined to the replicas) on first use in the attached pool, or else in the pool the
     * environment describes.
     */
    static RepmiRuntime get() {
        return RUNTIME.get();
    }

    private static RepmiRuntime start(Pool p) throws RemoteException, PoolException {
        RepmiRuntime rt = new RepmiRuntime(p);
        rt.join();
        return rt;
    }

    // ------------------------------------------------------------------ values

    /** The bytes of {@code value}; {@code what} names it in an error and is built only then. */
    byte[] encode(Object value, Supplier<String> what) {
        try {
            return serialization.toBytes(value);
        } catch (SerialException e) {
            throw new CloudException("cannot serialize " + what.get() + ": " + e.getMessage(), e);
        }
    }

    /** Whether write {@code call} of this process is on its way (submitted, not yet completed here). */
    boolean onItsWay(long call) {
        return pending.containsKey(call);
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

    /**
     * Runs a write (or a creation) through the total order and returns the local result; {@code what} names the write
     * in errors (built only then: a description costs more than a small write's encoding).
     */
    Object write(long cloud, int method, Object parameters, Supplier<String> what) throws Throwable {
        if (CloudContext.current() instanceof CloudContext.WriteFrame) {
            throw new CloudException(what.get() + ": a replication reference used inside a cloud's write method (thesis"
                    + " 4.2.2, the nested invocation problem: cloud objects may not hold replication references)");
        }
        checkRunning();
        byte[] bytes = encode(parameters, () -> "the arguments of " + what.get());
        try {
            if (!onTheirWay.acquire(bytes.length, timeoutNanos)) {
                throw new CloudException(what.get() + " (" + bytes.length + " bytes) waited " + TimeUnit.NANOSECONDS
                        .toMillis(timeoutNanos) + " ms for room among the writes of this process on their way to be"
                        + " applied (at most " + onTheirWay.maxWrites() + " writes, mobula.repmi.window, and "
                        + onTheirWay.maxBytes() + " bytes, mobula.repmi.windowBytes)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CloudException("interrupted while waiting to send " + what.get(), e);
        }
        stats.write();
        PendingWrite w;
        long call;
        synchronized (callIds) {
            call = nextCall++;
            w = new PendingWrite(call, cloud, method, bytes);
            pending.put(call, w);
        }
        try {
            w.waiter = Thread.currentThread();
            // take the order (and earlier writes) in on this thread while they come quickly; the write itself, in
            // its turn, comes back to this thread to run (no hand-off), after it stopped polling. In the sequencer's
            // process the turn may come while this thread submits the write (it numbers it in place): it is handed
            // to this thread just the same
            w.driving = true;
            try {
                submit(w);
                drive(() -> w.handed != null || w.result.isDone());
            } finally {
                w.driving = false;
                WriteTask own = w.handed;
                if (own != null) { // selected to run: it runs, whatever ended the poll
                    w.handed = null;
                    own.runHoldingInterrupts();
                }
            }
            long deadline = System.nanoTime() + timeoutNanos;
            while (true) {
                long left = deadline - System.nanoTime();
                try {
                    return w.result.get(Math.min(left, TimeUnit.MILLISECONDS.toNanos(ORDER_OVERDUE_MS)),
                            TimeUnit.NANOSECONDS);
                } catch (TimeoutException overdue) {
                    if (left <= TimeUnit.MILLISECONDS.toNanos(ORDER_OVERDUE_MS)) {
                        throw overdue;
                    }
                    if (failover.isFailingOver()) {
                        failover.probeSuccessor(); // is the one taking over there for this replica?
                    } else {
                        delivery.orderOverdue(); // is the sequencer still there for this replica?
                    }
                }
            }
        } catch (ExecutionException e) {
            throw e.getCause();
        } catch (TimeoutException e) {
            throw new CloudException(what.get() + " was not applied within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                    + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CloudException("interrupted while waiting for " + what.get(), e);
        } finally {
            pending.remove(call);
            onTheirWay.release(bytes.length);
        }
    }

    /**
     * How long a write of this process waits for its order before this replica asks the sequencer for the orders it
     * lacks ({@link Delivery#orderOverdue}), and again each time as long once more.
     */
    static final long ORDER_OVERDUE_MS = 2000;

    /**
     * Hands a write to the sequencer, unless another thread is doing so; during a fail-over it waits (bounded) for the
     * new sequencer. Returns once the write is with the sequencer of the current epoch (or settled, or taken in here).
     */
    private void submit(PendingWrite w) throws InterruptedException {
        // the one submitting thread looks again after it lets go: a fail-over that came meanwhile (resume sets the
        // epoch before it looks whether a thread is submitting) may have made its sequencer the old one
        while (!w.received && !w.result.isDone() && w.sentEpoch != failover.epoch()) {
            if (!w.submitting.compareAndSet(false, true)) {
                return; // another thread submits it
            }
            try {
                if (!w.received && !w.result.isDone() && w.sentEpoch != failover.epoch()) {
                    send(w);
                }
            } finally {
                w.submitting.set(false);
            }
        }
    }

    /**
     * Sends a write to the current sequencer, waiting (bounded) while there is none. The first submission sends the
     * payload to every other replica this process knows too (thesis 4.3: the payload crosses the network once), the
     * sequencer last, so that its order seldom overtakes the payload; this replica takes its copy before anything is
     * sent. A later submission (after a fail-over, or a sequencer that did not take it) sends it to the sequencer
     * only, which passes it on with its order to the replicas the submission did not reach.
     */
    private void send(PendingWrite w) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        int self = pool.rank();
        while (true) {
            long current = failover.awaitSequencer(deadline);
            int target = (int) current;
            int targetEpoch = (int) (current >>> 32);
            PROTOCOL.set(Boolean.TRUE);
            try {
                int[] to = w.published ? new int[] {self} : publishTargets(self, target);
                w.published = true;
                Submit s = new Submit(self, w.call, floor(w.call), w.cloud, w.method, Submit.ranks(to));
                if (target == self) {
                    publish(to, s, w.payload, target);
                    sequencer.onSubmit(s, w.payload); // which takes this replica's copy
                } else {
                    delivery.onPayload(s, w.payload);
                    publish(to, s, w.payload, target);
                    stats.payloadSent(w.payload.length);
                    port(target).submit(s, w.payload);
                }
                w.sentEpoch = targetEpoch;
                return;
            } catch (RemoteException | CloudException e) {
                if (Rmi.callNotSent(e)) { // failed here (too large, say): trying again cannot help
                    throw new CloudException("a write could not be sent to the sequencer at pool rank " + target
                            + ": " + e.getMessage(), e);
                }
                NOT_TAKEN.log("the sequencer at pool rank " + target + " did not take a write: " + e.getMessage());
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
     * The replicas a first submission sends its payload to besides the sequencer: every live member, this one too,
     * but those a payload could not reach in the last second ({@link UnreachableReplicas}).
     */
    private int[] publishTargets(int self, int sequencerRank) {
        int[] members = delivery.memberRanks();
        int[] to = new int[members.length + 1];
        int n = 0;
        to[n++] = self;
        // the clock is read only once a publish failed: while none did (the usual case) no replica is skipped, and a
        // failure noted after this look counts from the next publish on
        boolean skipping = !unreachable.isEmpty();
        long now = skipping ? System.nanoTime() : 0;
        for (int m : members) {
            if (m != self && m != sequencerRank && !failover.isLost(m) && !(skipping && unreachable.skip(m, now))) {
                to[n++] = m;
            }
        }
        return n == to.length ? to : java.util.Arrays.copyOf(to, n);
    }

    /**
     * Sends a first submission's payload to the replicas in {@code to} other than this one and the sequencer (the
     * same bytes to each): to each directly, or from {@link OrderRelay#relayFrom} replicas on along a tree rooted here,
     * whose replicas forward it ({@link OrderRelay#publish}). The copies carry the header without its list of
     * replicas, which only the sequencer reads. A replica that does not take it is reported to the pool, once a second
     * at most, and routed around; should it live on, it gets the payload from the others when the order comes
     * ({@link Delivery}).
     */
    private void publish(int[] to, Submit s, byte[] payload, int sequencerRank) {
        if (to.length <= 1) {
            return; // this process alone, or a later submission
        }
        Submit header = s.withoutList();
        relay.publish(to, sequencerRank, (r, below) -> {
            try {
                stats.payloadSent(payload.length);
                port(r).publish(header, payload, below);
                unreachable.reached(r);
                return true;
            } catch (RemoteException | CloudException e) {
                if (unreachable.failed(r, System.nanoTime())) { // else reported less than a second ago
                    NOT_TAKEN.log("the replica at pool rank " + r + " did not take a write: " + e.getMessage());
                    pool.lost(r, e);
                }
                return false;
            }
        });
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

    /** RMI's causal clock: calls and replies carry the writes their sender has applied (thesis Figure 4.13). */
    private final class Clock implements io.mobula.rmi.CausalClock {
        @Override
        public int now() {
            return PROTOCOL.get() != null ? 0 : (int) delivery.applied();
        }

        @Override
        public void awaitAtLeast(int time) throws InterruptedException {
            delivery.awaitApplied(time);
        }

        @Override
        public boolean orders() {
            return PROTOCOL.get() == null;
        }
    }

    /**
     * Hands this process's write {@code t}, in its turn, to the application thread that made it if that thread is the
     * one delivering it now, while it polls for it ({@link #write}); it runs the write once it stopped polling.
     */
    boolean handToWaitingWriter(WriteTask t) {
        PendingWrite w = pending.get(t.call());
        if (w == null || w.waiter != Thread.currentThread() || !w.driving || w.handed != null) {
            return false;
        }
        w.handed = t;
        return true;
    }

    /** This replica took in write {@code call} of this process (from any sequencer). */
    void received(long call) {
        PendingWrite w = pending.get(call);
        if (w != null) {
            w.received = true;
            if (w.waiter == Thread.currentThread()) {
                stats.orderTakenByWriter();
            }
        }
    }

    /** The writes of this process with method {@code method} fail with {@code t} (a join that failed). */
    void failWrites(int method, Throwable t) {
        for (PendingWrite w : pending.values()) {
            if (w.method == method) {
                w.result.completeExceptionally(t);
            }
        }
    }

    /**
     * A fail-over resumed with epoch {@code newEpoch}: this replica now holds every write any survivor holds (the new
     * sequencer redelivered them before), so a write of this process it has not received is held by no survivor:
     * submit it again, once, unless its own thread is still submitting it (that thread sends it to the new sequencer
     * itself, as {@link #submit} looks again after it lets go). A copy the old sequencer still had on its way is
     * dropped by every replica alike ({@link WriteIds}).
     */
    void resubmitUnreceived(int newEpoch) {
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
    }

    /**
     * Runs {@code call} as RepMI's own protocol ({@link #PROTOCOL}): it carries causal time 0 and its reply does not
     * wait for replicated writes. The thread's mark is restored afterwards.
     */
    private static <T> T protocol(PoolPorts.DirectoryCall<T> call) throws PoolException {
        Boolean before = PROTOCOL.get();
        PROTOCOL.set(Boolean.TRUE);
        try {
            return call.call();
        } finally {
            if (before == null) {
                PROTOCOL.remove();
            }
        }
    }

    /** Marks the calling thread as one sending or serving RepMI's own messages (they carry causal time 0). */
    void protocolThread() {
        PROTOCOL.set(Boolean.TRUE);
    }

    /**
     * Lets the calling thread receive what its wait needs ({@code done}) from the other replicas' processes for the
     * poll window, taking orders and payloads in where they arrive, instead of parking until a receive thread wakes
     * it (the waiting thread drives progress, thesis 3.3.3); the caller then waits as before.
     */
    private void drive(java.util.function.BooleanSupplier done) {
        others.receiveUntil(done);
    }

    ReplicaPort port(int poolRank) {
        return ports.port(poolRank);
    }

    private void onPoolEvent(PoolEvent e) {
        if (e.kind() == PoolEvent.Kind.COORDINATOR_LOST) {
            // cut off, or the coordinator is gone: either way nobody can tell this process that the others went on
            // without it, so it stops rather than serve a state they may have moved past
            stop("this process lost the pool coordinator (" + e.detail() + ")");
        } else if (e.rank() == pool.rank() && e.isFailure()) {
            stop("the pool declared this process gone (" + e.detail() + ")");
        } else if (e.kind() == PoolEvent.Kind.DIED || e.kind() == PoolEvent.Kind.LEFT) {
            failover.lost(e.rank(), e.kind() + ": " + e.detail());
        }
    }

    /**
     * Stops RepMI in this process for good: pending writes fail, and so does every later read and write (thesis-beyond:
     * the thesis assumes no partitions; docs/REPMI.md, Failures).
     */
    private void stop(String why) {
        CloudException e = new CloudException("RepMI stopped in this process: " + why + "; the other replicas may"
                + " apply writes this one never receives, so its clouds can no longer be read or written");
        synchronized (this) {
            if (stopped != null) {
                return;
            }
            stopped = e;
        }
        failover.wakeWaiters();
        readWaits.stop(e);
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

    /** Whether RepMI stopped in this process ({@link #stop}). */
    boolean isStopped() {
        return stopped != null;
    }

    /** Pool rank {@code rank}'s port if this process knows it already (no look-up), else null. */
    ReplicaPort knownPort(int rank) {
        return ports.known(rank);
    }

    /** Uses {@code port} as pool rank {@code rank}'s, instead of looking it up (the in-process tests' other ranks). */
    void usePort(int rank, ReplicaPort port) {
        ports.use(rank, port);
    }

    /** Process {@code rank} is gone: its port is looked up again should it ever be needed. */
    void forgetPort(int rank) {
        ports.forget(rank);
    }

    /** The replicas of every cloud in this process. */
    java.util.Collection<Replica> replicas() {
        return clouds.values();
    }
}
