package io.mobula.repmi;

import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.rmi.Rmi;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * A replica's side of the total order (thesis 4.3): takes writes in, holds back early arrivals, starts each write in
 * number order under the deterministic {@link WriteScheduler}, decides at each write's first turn whether it is a
 * second copy ({@link WriteIds}), counts applied writes (the time of RMI's causal clock), reports progress for flow
 * control, and keeps the recent writes and the known members for a fail-over.
 *
 * <p>A write's payload and its order travel apart: the payload from its writer ({@link #onPayload}), the order from
 * the sequencer ({@link #onOrder}), in either order. Payloads wait here for their order, one copy per submission, and
 * orders for their payload; a write starts only with both (or when its call is below its writer's floor: then it
 * is a second copy, skipped at its turn, and needs none). An order whose payload has not come within
 * {@link #PAYLOAD_GRACE_MS} (its writer died while sending it, say) gets it from the sequencer or another replica.
 * Payloads are bounded by the writers ({@link WriteBudget}: at most a window of writes, and of payload bytes, of a
 * process on their way)
 * and dropped once their writer's floor has passed them or their writer is gone; a member that publishes payloads it
 * never submits cannot make a replica hold more than {@link #HELD_PER_WRITER} of them per process of the pool and as
 * many for all other writer ranks together, or more than a quarter of the heap: beyond, payloads are dropped (logged,
 * rate-limited) and fetched if their order comes; this process's own writes on their way are always held.
 *
 * <p>What a replica holds of the ordered writes is bounded in bytes too (flow control, {@link Sequencer}): a write is
 * taken in when its thread starts (it decodes the payload and waits for its turn); the writes started and neither
 * applied nor blocked hold at most {@link #START_AHEAD_BYTES}, later ones wait in the hold-back as bytes and are not
 * reported as taken in, so the sequencer holds writers back while this replica is a byte budget behind; progress is
 * reported every {@link #REPORT_BYTES} taken in, and the fail-over log keeps at most {@link #LOG_BYTES}.
 *
 * <p>Orders come from the sequencer, directly or through relays ({@link OrderRelay}). A relay that dies leaves the
 * replicas below it without the orders it had not forwarded: a gap in the numbers that lasts {@link #GAP_GRACE_MS},
 * or the news that a process died while orders are relayed, makes this replica fetch the orders it lacks from the
 * sequencer ({@link ReplicaPort#orders}).
 */
final class Delivery {
    private static final System.Logger LOG = System.getLogger(Delivery.class.getName());
    private static final int REPORT_EVERY = Math.max(1, Sequencer.WINDOW / 8);
    /**
     * A progress report goes once this many payload bytes were taken in since the last (a write larger than this is
     * reported as soon as it is taken in): well below the least byte budget ({@link Sequencer#MIN_WINDOW_BYTES}), so
     * a replica that has taken in every write never looks a budget behind to the sequencer.
     */
    static final long REPORT_BYTES = Math.min(Sequencer.WINDOW_BYTES / 8, 256 << 10);
    /**
     * The most writes the fail-over log keeps: twice the writes a replica may lag behind the order
     * ({@link Sequencer#WINDOW}, {@code mobula.repmi.window}), so that a larger window keeps the guarantee below.
     */
    private static final int LOG_LIMIT = (int) Math.min(Integer.MAX_VALUE / 2, 2L * Sequencer.WINDOW);
    /**
     * The most payload bytes the fail-over log keeps besides its newest entry: twice the bytes a replica may lag
     * behind the order, as {@link #LOG_LIMIT} is twice the count. When the sequencer gave out its last write, every
     * live replica had taken in all but at most a budget of payload bytes before it (flow control, the smallest budget
     * of all replicas), so the writes between the least a survivor has taken in and the last one are still logged at
     * every survivor that received them, whatever their sizes: a new sequencer never makes a no-op of a write some
     * survivor may have applied.
     */
    static final long LOG_BYTES = 2 * Sequencer.WINDOW_BYTES;
    /**
     * The most payload bytes of writes started (their threads decode them and wait for their turn) and neither applied
     * nor blocked in {@code cloudWait}: writes after them wait in the hold-back as bytes only, and are not reported as
     * taken in, so the sequencer holds writers back (one write of any size always starts).
     */
    static final long START_AHEAD_BYTES = Math.max(1, Sequencer.WINDOW_BYTES / 2);
    /** How long an order waits for its payload from the writer before this replica asks the others for it. */
    static final long PAYLOAD_GRACE_MS = 1000;
    /**
     * How long a gap in the order numbers may last before this replica fetches the missing orders from the sequencer
     * (orders come along one path of the relay tree, in order, but a change of the tree may reorder two briefly).
     */
    static final long GAP_GRACE_MS = 250;
    /**
     * How many times, {@link #GAP_GRACE_MS} apart, a replica asks the sequencer for the orders after those it holds
     * once it heard of a loss: the sequencer routes no order through the lost process from when it knows of the loss,
     * which may be a little after this replica.
     */
    static final int CATCH_UP_TRIES = 4;
    private final RepmiRuntime rt;
    private final Object arrivals = new Object();
    /** Ordered writes not started yet, by number; a null payload: on its way, or not needed (below the floor). */
    private final TreeMap<Long, RepmiMessages.Entry> holdBack = new TreeMap<>();
    /** The ordered writes in {@link #holdBack} whose payload is on its way, with the time their order came. */
    private final TreeMap<Long, Long> waiting = new TreeMap<>();
    /** Payloads without their order yet: per writer, per call, one copy per submission that sent one here. */
    private final HashMap<Integer, TreeMap<Long, Copies>> unordered = new HashMap<>();
    /**
     * The most payloads {@link #unordered} holds from one process of the pool, and from all writers that are none
     * together: an honest writer has at most a window of writes on their way, and a replica lags at most about a
     * window behind the order (flow control), so this is twice the most an honest writer can have here. This
     * process's own writes on their way are always held (they are bounded by its window).
     */
    static final int HELD_PER_WRITER = 4 * Sequencer.WINDOW;
    /** The payloads in {@link #unordered} and their bytes, and those of writers that are no process of the pool. */
    private int held;
    private long heldBytes;
    private int heldByOthers;
    /** Payloads refused because {@link #unordered} was full; each is fetched if its order comes. */
    private final io.mobula.transport.RateLimitedLog refusedLog = new io.mobula.transport.RateLimitedLog(LOG,
            Level.WARNING, io.mobula.transport.RateLimitedLog.DEFAULT_PERIOD);
    /** Whether a thread is getting missing orders, or the payloads of {@link #waiting} orders, from other replicas. */
    private boolean fetching;
    /** Since when (nanoTime) the held-back orders have had a gap below them, or 0. */
    private long gapSince;
    /**
     * Processes this replica heard died while orders are relayed, each with the tries left: it asks the sequencer
     * for the orders after those it holds (the dead one may have been its relay, and the last orders leave no gap).
     */
    private final HashMap<Integer, Integer> catchUps = new HashMap<>();
    /** The numbers of the orders this replica relayed lately (the last {@link #LOG_LIMIT}), so each goes down once. */
    private final TreeSet<Long> relayed = new TreeSet<>();
    private long nextSeq = 1;
    /** Whether this replica has its state: the first sequencer from the start, the others once their snapshot is in. */
    private boolean ready;
    /** The processes holding replicas, as this replica knows them. */
    private final TreeSet<Integer> members = new TreeSet<>();
    /** {@link #members} as an array, for the writers of this process (read without a lock). */
    private volatile int[] memberRanks = new int[0];
    /** Deliveries of epochs below this are dropped (fenced off by a new sequencer). */
    private int fence;
    /**
     * Recently ordered writes, for a new sequencer to fill other replicas' gaps (thesis-beyond: failover): the last
     * {@link #LOG_LIMIT}, of {@link #LOG_BYTES} payload bytes at most ({@link #logBytes}).
     */
    private final TreeMap<Long, RepmiMessages.Entry> log = new TreeMap<>();
    private long logBytes;
    /** The payload bytes of the writes started and not yet applied or blocked ({@link #START_AHEAD_BYTES}). */
    private final java.util.concurrent.atomic.AtomicLong startedBytes = new java.util.concurrent.atomic.AtomicLong();
    /** Set while a write waits in the hold-back for {@link #startedBytes} to go down: {@link #settled} drains. */
    private volatile boolean throttled;
    /** The payload bytes taken in since the last progress report. */
    private long unreportedBytes;
    /** The writes the order has taken, per writer: a second copy of one runs as nothing (fail-over). */
    private final WriteIds taken = new WriteIds();
    /** The slot of this process's own JOIN, whose copy was checked by the replica that took the snapshot. */
    private volatile long joinSlot = -1;
    /**
     * Writes completed in this process. The deterministic schedule completes writes in the same order on every
     * replica, so equal counts mean equal sets of applied writes: the time of RMI's {@link io.mobula.rmi.CausalClock}.
     */
    private volatile long applied; // written under appliedLock; read without it (RMI reads it per frame)
    private final Object appliedLock = new Object();

    /** A payload held for its order, and how many submissions sent it here. */
    private static final class Copies {
        final byte[] payload;
        int count = 1;

        Copies(byte[] payload) {
            this.payload = payload;
        }
    }

    Delivery(RepmiRuntime rt) {
        this.rt = rt;
    }

    /** The first sequencer's replica has its (empty) state from the start. */
    void startAsFirst() {
        synchronized (arrivals) {
            ready = true;
            members.add(rt.pool.rank());
            memberRanks = ranks(members);
        }
    }

    /**
     * A write's payload, from its writer (this process's own writes and the sequencer's copy included): it completes
     * an order waiting for it, or waits for its order.
     */
    void onPayload(RepmiMessages.Submit s, byte[] payload) {
        if (rt.isStopped() || payload == null) {
            return; // no writer sends a null payload: as if it had not come
        }
        synchronized (arrivals) {
            for (Map.Entry<Long, Long> w : waiting.entrySet()) {
                Deliver d = holdBack.get(w.getKey()).header();
                // an order of a fenced-off epoch stays as it is: the new sequencer decided its slot from what the
                // survivors held when they reported, and redelivers it
                if (d.origin() == s.origin() && d.call() == s.call() && d.epoch() >= fence) {
                    waiting.remove(w.getKey());
                    take(d, payload);
                    return;
                }
            }
            long floor = taken.floor(s.origin());
            if (s.call() < floor) {
                return; // settled: an order of it that may still come is a second copy, skipped without its payload
            }
            TreeMap<Long, Copies> fromWriter = unordered.get(s.origin());
            if (fromWriter != null) {
                for (Copies settled : fromWriter.headMap(floor).values()) {
                    forget(s.origin(), settled);
                }
                fromWriter.headMap(floor).clear();
                Copies c = fromWriter.get(s.call());
                if (c != null) {
                    c.count++;
                    return;
                }
            }
            boolean member = s.origin() >= 0 && s.origin() < rt.pool.size();
            boolean own = s.origin() == rt.pool.rank() && rt.onItsWay(s.call());
            boolean overCount = (fromWriter != null && fromWriter.size() >= HELD_PER_WRITER)
                    || (!member && heldByOthers >= HELD_PER_WRITER);
            if (!own && (overCount || (held > 0 && heldBytes + payload.length > heldBytesLimit()))) {
                // more than any honest writer sends ahead of its orders (a member that publishes writes it never
                // submits), or more bytes than this process can hold. Should this write's order come, its payload
                // is fetched like one whose writer died.
                refusedLog.log("RepMI: dropped the payload of write " + s.call() + " of pool rank " + s.origin()
                        + " (it is fetched if its order comes): this replica holds " + held + " payloads ("
                        + heldBytes + " bytes) that no order came for"
                        + (fromWriter == null ? "" : ", " + fromWriter.size() + " of them from that rank")
                        + (overCount ? ", more than four windows of writes (mobula.repmi.window): a process that"
                                + " publishes writes it never submits?"
                        : ", as many bytes as a quarter of this process's heap allows (" + heldBytesLimit()
                                + "): if the writers' heaps are much larger than this one's, so are their byte"
                                + " windows (mobula.repmi.windowBytes, a sixteenth of the heap unless set); give this"
                                + " process a larger heap or set mobula.repmi.windowBytes alike everywhere"));
                return;
            }
            if (fromWriter == null) {
                fromWriter = new TreeMap<>();
                unordered.put(s.origin(), fromWriter);
            }
            fromWriter.put(s.call(), new Copies(payload));
            held++;
            heldBytes += payload.length;
            if (!member) {
                heldByOthers++;
            }
        }
    }

    /** The most bytes of payloads {@link #unordered} holds (one payload of any size aside): a quarter of the heap. */
    private static long heldBytesLimit() {
        return Runtime.getRuntime().maxMemory() / 4;
    }

    /** Takes a payload of writer {@code origin} out of the counts of {@link #unordered}; holding {@link #arrivals}. */
    private void forget(int origin, Copies c) {
        held--;
        heldBytes -= c.payload.length;
        if (origin < 0 || origin >= rt.pool.size()) {
            heldByOthers--;
        }
    }

    /** How many payloads wait for their order here (for tests). */
    int heldPayloads() {
        synchronized (arrivals) {
            return held;
        }
    }

    /** A write's place in the order, from the sequencer; its payload came (or comes) from its writer. */
    void onOrder(Deliver d) {
        if (rt.isStopped()) {
            return;
        }
        synchronized (arrivals) {
            if (d.epoch() < fence || (ready && d.seq() < nextSeq) || holdBack.containsKey(d.seq())) {
                return; // fenced off, or a duplicate (a new sequencer re-delivers what some replicas lacked)
            }
            byte[] payload = null;
            TreeMap<Long, Copies> fromWriter = unordered.get(d.origin());
            Copies c = fromWriter == null ? null : fromWriter.get(d.call());
            if (c != null) {
                payload = c.payload;
                if (--c.count == 0) {
                    fromWriter.remove(d.call());
                    forget(d.origin(), c);
                    if (fromWriter.isEmpty()) {
                        unordered.remove(d.origin());
                    }
                }
            }
            take(d, payload);
        }
    }

    /** A write's place in the order with its payload (from the sequencer, a fail-over's redelivery, or a fetch). */
    void onDeliver(Deliver d, byte[] payload) {
        if (rt.isStopped()) {
            return; // nothing here is read or written any more
        }
        synchronized (arrivals) {
            if (d.epoch() < fence) {
                LOG.log(Level.DEBUG, "write {0} of fenced-off epoch {1} dropped", d.seq(), d.epoch());
                return;
            }
            if (ready && d.seq() < nextSeq) {
                return; // a duplicate (a new sequencer re-delivers what some replicas lacked)
            }
            if (holdBack.containsKey(d.seq())) {
                if (waiting.remove(d.seq()) == null) {
                    return; // held with its payload (or needing none) already
                }
            }
            take(d, payload);
        }
    }

    /**
     * Holds ordered write {@code d} back until its turn; a null payload waits for its writer's, unless the write's call
     * is below its writer's floor (a second copy, skipped at its turn). Called holding {@link #arrivals}.
     */
    private void take(Deliver d, byte[] payload) {
        if (d.origin() == rt.pool.rank()) {
            rt.received(d.call());
        }
        RepmiMessages.Entry e = new RepmiMessages.Entry(d, payload);
        logBytes += size(e) - size(log.put(d.seq(), e));
        while (log.size() > LOG_LIMIT || (log.size() > 1 && logBytes - size(log.lastEntry().getValue()) > LOG_BYTES)) {
            logBytes -= size(log.pollFirstEntry().getValue());
        }
        holdBack.put(d.seq(), e);
        if (payload == null && needsPayload(d)) {
            waiting.put(d.seq(), System.nanoTime());
            startFetching();
        }
        drain();
        if (gapSince == 0 && hasGap()) {
            gapSince = System.nanoTime();
            startFetching();
        }
    }

    /**
     * Whether ordered write {@code d} needs its payload to run: not a JOIN (only its order matters, {@link Joins}), nor a
     * second copy (its call is below its writer's floor: skipped at its turn). Holding {@link #arrivals}.
     */
    private boolean needsPayload(Deliver d) {
        return d.method() != RepmiMessages.JOIN && d.origin() >= 0 && d.call() >= taken.floor(d.origin());
    }

    /** Starts the thread that fetches missing orders and payloads, unless it runs; holding {@link #arrivals}. */
    private void startFetching() {
        if (!fetching) {
            fetching = true;
            Thread.ofVirtual().name("mobula-repmi-fetch").start(this::fetchMissing);
        }
    }

    /** Whether an order below a held-back one has not come; holding {@link #arrivals}. */
    private boolean hasGap() {
        // once ready, the hold-back holds numbers from nextSeq on only
        return ready && !holdBack.isEmpty() && holdBack.lastKey() - nextSeq + 1 > holdBack.size();
    }

    /** The lowest number from {@link #nextSeq} on that is not held back; holding {@link #arrivals}. */
    private long firstMissing() {
        long q = nextSeq;
        while (holdBack.containsKey(q)) {
            q++;
        }
        return q;
    }

    /**
     * Whether this replica should relay order {@code d} to its subtree: the first copy of it that came with a list to
     * relay it to, and not of a fenced-off epoch. Not whether this replica holds it: an order this replica fetched
     * from the sequencer (a gap) was not relayed, and when the relayed copy comes late, its subtree still needs it; a
     * second relayed copy (a relay routed around a child that had it) goes down the tree once.
     */
    boolean claimRelay(Deliver d) {
        if (rt.isStopped()) {
            return false;
        }
        synchronized (arrivals) {
            if (d.epoch() < fence || !relayed.add(d.seq())) {
                return false;
            }
            if (relayed.size() > LOG_LIMIT) {
                relayed.pollFirst();
            }
            return true;
        }
    }

    /**
     * Process {@code rank}, not the sequencer, is gone. If orders may be relayed (enough replicas), it may have been a
     * relay above this replica and taken orders with it that no later order reveals as a gap: this replica asks the
     * sequencer for every order after those it holds, naming {@code rank} so the sequencer sends none through it.
     */
    void memberLost(int rank) {
        if (rt.isStopped() || rt.failover.sequencesHere()) {
            return;
        }
        synchronized (arrivals) {
            if (!ready || members.size() < rt.relay.relayFrom) {
                return;
            }
            catchUps.put(rank, CATCH_UP_TRIES);
            startFetching();
        }
    }

    /**
     * A write of this process has waited {@link RepmiRuntime#ORDER_OVERDUE_MS} for its order: asks the sequencer once
     * for the orders after those this replica holds. A sequencer that does not answer is reported to the pool
     * ({@link #fetchOrders}), which settles a link cut between the two (docs/POOL.md): without that report a replica
     * the sequencer can no longer reach, though the pool keeps both, would wait out the whole write timeout.
     */
    void orderOverdue() {
        if (rt.isStopped() || rt.failover.sequencesHere()) {
            return;
        }
        synchronized (arrivals) {
            if (!ready) {
                return;
            }
            catchUps.putIfAbsent(-1, 1);
            startFetching();
        }
    }

    /**
     * An ordered write fetched from the sequencer (its payload, if not null, from the sequencer's log): paired with a
     * copy this replica holds from the writer if any, so that copy is not held on.
     */
    private boolean takeFetched(RepmiMessages.Entry e) {
        Deliver d = e.header();
        synchronized (arrivals) {
            if (rt.isStopped() || d.epoch() < fence || (ready && d.seq() < nextSeq) || holdBack.containsKey(d.seq())) {
                if (e.payload() != null && waiting.containsKey(d.seq())) {
                    onDeliver(d, e.payload()); // held without its payload: here it is
                }
                return false;
            }
            TreeMap<Long, Copies> fromWriter = unordered.get(d.origin());
            if (e.payload() == null || (fromWriter != null && fromWriter.containsKey(d.call()))) {
                onOrder(d);
            } else {
                onDeliver(d, e.payload());
            }
            return true;
        }
    }

    /** The payload bytes of a logged or held write (0 for none). */
    private static long size(RepmiMessages.Entry e) {
        return e == null || e.payload() == null ? 0 : e.payload().length;
    }

    /**
     * Starts the held-back writes that are next in the order (only once this replica has its state), while the writes
     * started and not yet applied or blocked hold at most {@link #START_AHEAD_BYTES} (one write always starts).
     */
    private void drain() {
        synchronized (arrivals) {
            while (ready && !holdBack.isEmpty() && holdBack.firstKey() == nextSeq && !waiting.containsKey(nextSeq)) {
                long bytes = size(holdBack.firstEntry().getValue());
                if (!roomToStart(bytes)) {
                    throttled = true; // set before looking again: a write settling now sees it and drains
                    if (!roomToStart(bytes)) {
                        break;
                    }
                }
                RepmiMessages.Entry e = holdBack.pollFirstEntry().getValue();
                startedBytes.addAndGet(bytes);
                WriteTask t = new WriteTask(rt, e.header(), e.payload());
                nextSeq++;
                rt.scheduler.add(t);
                start(t);
                unreportedBytes += bytes;
                if (t.seq % REPORT_EVERY == 0 || unreportedBytes >= REPORT_BYTES) {
                    unreportedBytes = 0;
                    reportProgress(t.seq);
                }
            }
            if (gapSince != 0 && !hasGap()) {
                gapSince = 0;
            }
        }
    }

    /**
     * Starts a write added to the scheduler where it costs least (thesis 3.3.1's upcalls in the message handler): a
     * write that runs now goes to the writer's own thread if that thread is polling for it, else to the receive
     * thread that delivered its order or payload, after the message (a write that blocks there is relieved like an
     * RMI call); every other write, and every write started elsewhere, gets a thread of its own. Holding
     * {@link #arrivals}: nothing runs here.
     */
    private void start(WriteTask t) {
        boolean inPlace = rt.scheduler.isTurn(t) && runInPlace(t);
        rt.stats.writeStarted(inPlace);
        if (!inPlace) {
            Thread.ofVirtual().name("mobula-repmi-write-" + t.seq).start(t);
        }
    }

    /** Arranges for write {@code t}, in its turn, to run on a thread that is there already; false if none may. */
    private boolean runInPlace(WriteTask t) {
        if (t.origin() == rt.pool.rank() && rt.handToWaitingWriter(t)) {
            return true;
        }
        Here h = HERE.get();
        if (h != null && h.active && h.task == null) {
            h.task = t; // the thread taking this message in may block: it runs the write when it is done
            return true;
        }
        return Rmi.runAfterMessage(t);
    }

    /**
     * A thread that may block takes a message in ({@link #enterHere} ... {@link #leaveHere}): a write whose turn comes
     * meanwhile is run by that thread once it left, instead of by a thread of its own. At most one: the write in its
     * turn keeps the turn until it runs.
     */
    static final class Here {
        private boolean active;
        private WriteTask task;
    }

    private static final ThreadLocal<Here> HERE = new ThreadLocal<>();

    /**
     * The calling thread, which may block (a sequencer taking a write in), starts taking a message in; returns what
     * to give {@link #leaveHere}, in a finally block.
     */
    Here enterHere() {
        Here h = HERE.get();
        if (h == null) {
            h = new Here();
            HERE.set(h);
        }
        if (h.active) {
            return null; // nested: the outer one runs the write
        }
        h.active = true;
        return h;
    }

    /** Ends what {@link #enterHere} began and runs the write whose turn came meanwhile, if any, on this thread. */
    void leaveHere(Here h) {
        if (h == null) {
            return;
        }
        h.active = false;
        WriteTask t = h.task;
        if (t != null) {
            h.task = null;
            t.runHoldingInterrupts();
        }
    }

    private boolean roomToStart(long bytes) {
        long started = startedBytes.get();
        return started == 0 || started + bytes <= START_AHEAD_BYTES;
    }

    /**
     * A started write of {@code bytes} payload bytes was applied, or blocked in {@code cloudWait} (it no longer holds
     * back the writes after it): the writes its bytes held in the hold-back may start.
     */
    void settled(long bytes) {
        startedBytes.addAndGet(-bytes);
        if (throttled) {
            synchronized (arrivals) {
                throttled = false;
                drain();
            }
        }
    }

    private void reportProgress(long seq) {
        int target = rt.failover.sequencer();
        Thread.ofVirtual().start(() -> {
            RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
            try {
                rt.port(target).progress(rt.pool.rank(), seq, Sequencer.WINDOW_BYTES);
            } catch (RemoteException | CloudException e) {
                LOG.log(Level.DEBUG, "progress report to the sequencer failed: {0}", e.getMessage());
            }
        });
    }

    /**
     * Whether write {@code d}, at its first turn, runs: not if the order took another copy of it before (a fail-over
     * may sequence a write twice). Every replica decides alike; this process's own JOIN was decided by the replica
     * that took its snapshot.
     */
    boolean firstCopy(Deliver d) {
        return d.seq() == joinSlot || taken.first(d.origin(), d.call(), d.floor());
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

    /** Writes completed here. */
    long applied() {
        return applied;
    }

    /**
     * Returns once this replica has applied {@code time} writes.
     *
     * @throws CloudException after the timeout
     */
    void awaitApplied(int time) throws InterruptedException {
        long deadline = System.nanoTime() + rt.timeoutNanos;
        synchronized (appliedLock) {
            while (applied < time) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new CloudException("this replica has applied " + applied + " writes; an RMI message"
                            + " that follows write " + time + " waited " + TimeUnit.NANOSECONDS.toMillis(
                            rt.timeoutNanos) + " ms for it");
                }
                TimeUnit.NANOSECONDS.timedWait(appliedLock, left);
            }
        }
    }

    /** Process {@code rank} holds replicas from its JOIN on. */
    void addMember(int rank) {
        synchronized (arrivals) {
            members.add(rank);
            memberRanks = ranks(members);
        }
    }

    /** The processes holding replicas, as this replica knows them (not to be changed). */
    int[] memberRanks() {
        return memberRanks;
    }

    private static int[] ranks(TreeSet<Integer> set) {
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The processes holding replicas, as this replica knows them. */
    List<Integer> members() {
        synchronized (arrivals) {
            return new ArrayList<>(members);
        }
    }

    /** Whether this replica has its state. */
    boolean isReady() {
        synchronized (arrivals) {
            return ready;
        }
    }

    /** The table of taken writes, for a snapshot. */
    long[][] takenWrites() {
        return taken.export();
    }

    /**
     * The joiner's snapshot is in (its clouds registered): this replica takes over its counts and applies the writes
     * from its JOIN on.
     */
    void installed(RepmiMessages.Snapshot snap) {
        taken.restore(snap.writers());
        synchronized (appliedLock) {
            applied = snap.applied();
        }
        synchronized (arrivals) {
            for (int m : snap.members()) {
                members.add(m);
            }
            memberRanks = ranks(members);
            nextSeq = snap.seq();
            joinSlot = snap.seq();
            holdBack.headMap(nextSeq).clear();
            waiting.headMap(nextSeq).clear();
            ready = true;
            drain();
            if (gapSince == 0 && hasGap()) {
                gapSince = System.nanoTime();
                startFetching();
            }
        }
    }

    /**
     * Failover, step 1: fences off deliveries of epochs before {@code newEpoch}; returns the highest number received
     * without a gap and the highest held back.
     */
    long[] status(int newEpoch) {
        synchronized (arrivals) {
            fence = Math.max(fence, newEpoch);
            long max = holdBack.isEmpty() ? nextSeq - 1 : holdBack.lastKey();
            return new long[] {nextSeq - 1, max};
        }
    }

    /**
     * Failover, step 2: the logged writes numbered {@code from} to {@code to} (a null payload where this replica has
     * the order only).
     */
    List<RepmiMessages.Entry> fetch(long from, long to) {
        synchronized (arrivals) {
            // held-back writes are in the log too (logged on arrival; the log drops only its oldest entries)
            return new ArrayList<>(log.subMap(from, true, to, true).values());
        }
    }

    /** The payload of write {@code call} of {@code origin}, if this replica holds it (unordered or logged), or null. */
    byte[] payload(int origin, long call) {
        synchronized (arrivals) {
            TreeMap<Long, Copies> fromWriter = unordered.get(origin);
            Copies c = fromWriter == null ? null : fromWriter.get(call);
            if (c != null) {
                return c.payload;
            }
            for (RepmiMessages.Entry e : log.descendingMap().values()) {
                if (e.payload() != null && e.header().origin() == origin && e.header().call() == call) {
                    return e.payload();
                }
            }
            return null;
        }
    }

    /**
     * Writer {@code rank} is gone: the payloads it sent that have no order yet are dropped. Should the sequencer still
     * order one (its submission was on its way), this replica gets the payload from the others.
     */
    void writerLost(int rank) {
        synchronized (arrivals) {
            TreeMap<Long, Copies> fromWriter = unordered.remove(rank);
            if (fromWriter != null) {
                for (Copies c : fromWriter.values()) {
                    forget(rank, c);
                }
            }
        }
    }

    /**
     * Gets what this replica lacks from the others, while it lacks anything: orders below a held-back one that have
     * not come within {@link #GAP_GRACE_MS}, and the orders after those held when a process died that may have been a
     * relay ({@link #memberLost}), from the sequencer ({@link #fetchOrders}); and the payloads of orders that waited
     * longer than {@link #PAYLOAD_GRACE_MS} for them, from the sequencer (it had every payload it ordered), else from
     * any member holding one. Every wait is bounded: a gap or a payload still missing after the timeout is an error
     * (this replica cannot apply writes past it), a catch-up is tried {@link #CATCH_UP_TRIES} times.
     */
    private void fetchMissing() {
        RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
        try {
            while (true) {
                boolean catchUpNow;
                synchronized (arrivals) {
                    catchUpNow = catchUps.containsValue(CATCH_UP_TRIES); // a first try: at once; later ones wait
                }
                if (!catchUpNow) {
                    try {
                        Thread.sleep(GAP_GRACE_MS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                List<Deliver> late = new ArrayList<>();
                long gapFrom = -1;
                long gapTo = -1;
                int report = -1;
                synchronized (arrivals) {
                    if (gapSince != 0 && !hasGap()) {
                        gapSince = 0;
                    }
                    if ((waiting.isEmpty() && gapSince == 0 && catchUps.isEmpty()) || rt.isStopped()
                            || Thread.currentThread().isInterrupted()) {
                        fetching = false;
                        return;
                    }
                    long now = System.nanoTime();
                    if (gapSince != 0 && now - gapSince > rt.timeoutNanos) {
                        LOG.log(Level.ERROR, "RepMI: the sequencer did not give the missing order {0} within {1} ms;"
                                + " this replica cannot apply writes past it", firstMissing(),
                                TimeUnit.NANOSECONDS.toMillis(rt.timeoutNanos));
                        catchUps.clear();
                        waiting.clear(); // nothing past the gap can run: give up on its payloads too
                        fetching = false;
                        return;
                    }
                    if (!catchUps.isEmpty()) {
                        Map.Entry<Integer, Integer> c = catchUps.entrySet().iterator().next();
                        report = c.getKey();
                        if (c.getValue() <= 1) {
                            catchUps.remove(report);
                        } else {
                            c.setValue(c.getValue() - 1);
                        }
                        gapFrom = hasGap() ? firstMissing() : (holdBack.isEmpty() ? nextSeq : holdBack.lastKey() + 1);
                        gapTo = Long.MAX_VALUE;
                    } else if (gapSince != 0 && now - gapSince >= TimeUnit.MILLISECONDS.toNanos(GAP_GRACE_MS)) {
                        gapFrom = firstMissing();
                        gapTo = holdBack.lastKey() - 1;
                    }
                    for (Map.Entry<Long, Long> w : waiting.entrySet()) {
                        if (now - w.getValue() > rt.timeoutNanos) {
                            LOG.log(Level.ERROR, "RepMI: no replica could give the payload of write {0} within {1} ms;"
                                    + " this replica cannot apply writes past it", w.getKey(),
                                    TimeUnit.NANOSECONDS.toMillis(rt.timeoutNanos));
                            catchUps.clear();
                            gapSince = 0;
                            fetching = false;
                            return;
                        }
                        if (now - w.getValue() >= TimeUnit.MILLISECONDS.toNanos(PAYLOAD_GRACE_MS)) {
                            late.add(holdBack.get(w.getKey()).header());
                        }
                    }
                }
                if (gapFrom >= 0) {
                    fetchOrders(gapFrom, gapTo, report);
                }
                for (Deliver d : late) {
                    byte[] p = payloadFromOthers(d);
                    if (p != null) {
                        rt.stats.payloadFetched();
                        onDeliver(d, p);
                    }
                }
            }
        } finally {
            RepmiRuntime.PROTOCOL.remove();
        }
    }

    /**
     * Asks the sequencer for the orders numbered {@code from} to {@code to} (its last at most) and takes them in;
     * {@code lost} is a process that died, or -1. During a fail-over the sequencer is not asked (the new sequencer
     * gives every survivor what it lacks); an unanswered request is asked again at the next round.
     */
    private void fetchOrders(long from, long to, int lost) {
        int seq = rt.failover.sequencer();
        if (rt.failover.isFailingOver() || seq == rt.pool.rank() || rt.failover.isLost(seq)) {
            return;
        }
        try {
            int got = 0;
            for (RepmiMessages.Entry e : rt.port(seq).orders(from, to, lost)) {
                if (takeFetched(e)) {
                    got++;
                }
            }
            rt.stats.ordersFetched(got);
        } catch (RemoteException e) {
            LOG.log(Level.DEBUG, "the sequencer (pool rank {0}) did not give orders {1} to {2}: {3}", seq, from, to,
                    e.getMessage());
            rt.pool.lost(seq, e); // the coordinator decides, as for a write the sequencer did not take
        } catch (CloudException e) {
            LOG.log(Level.DEBUG, "the sequencer (pool rank {0}) did not give orders {1} to {2}: {3}", seq, from, to,
                    e.getMessage());
        }
    }

    /** The payload of ordered write {@code d} from the sequencer or another member, or null if none answered with it. */
    private byte[] payloadFromOthers(Deliver d) {
        List<Integer> ask = new ArrayList<>();
        ask.add(rt.failover.sequencer());
        for (int m : members()) {
            if (!ask.contains(m)) {
                ask.add(m);
            }
        }
        for (int r : ask) {
            if (r == rt.pool.rank() || rt.failover.isLost(r)) {
                continue;
            }
            try {
                byte[] p = rt.port(r).payload(d.origin(), d.call());
                if (p != null) {
                    return p;
                }
            } catch (RemoteException | CloudException e) {
                LOG.log(Level.DEBUG, "pool rank {0} did not give the payload of write {1}: {2}", r, d.seq(),
                        e.getMessage());
            }
        }
        return null;
    }
}
