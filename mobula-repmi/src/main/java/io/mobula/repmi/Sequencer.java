package io.mobula.repmi;

import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.repmi.RepmiMessages.Submit;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The sequencer's side of the total order (thesis 4.3), active in the process that sequences now: numbers each
 * submitted write and broadcasts its order ({@link OrderRelay}: directly, or along a tree from enough replicas on),
 * holding new writes back (bounded) while a live replica lags more than {@link #WINDOW} writes or more than its byte
 * budget behind (flow control). The writer sent its payload to the replicas it knew itself; they get the order alone,
 * and only a replica it did not know (one that joined meanwhile) gets the payload from here. A JOIN's payload goes to
 * its joiner only: the other replicas run a JOIN from its order alone, which travels along the relay tree, so a
 * process joining costs the sequencer {@code ceil(log2 P)} messages, not one per replica.
 */
final class Sequencer {
    private static final System.Logger LOG = System.getLogger(Sequencer.class.getName());
    /** {@code mobula.repmi.window}: the most writes a process has on their way, and a replica lags behind. */
    static final int WINDOW = Math.max(1, Integer.getInteger("mobula.repmi.window", 4096));
    /** The least {@link #WINDOW_BYTES} can be: far above the bytes between two progress reports. */
    static final long MIN_WINDOW_BYTES = 1 << 20;
    /**
     * {@code mobula.repmi.windowBytes}: the most payload bytes a process has on their way, and a replica lags behind
     * the order (a single larger write goes alone); by default a sixteenth of the heap, at least
     * {@link #MIN_WINDOW_BYTES}.
     */
    static final long WINDOW_BYTES = Math.max(MIN_WINDOW_BYTES, Long.getLong("mobula.repmi.windowBytes",
            Runtime.getRuntime().maxMemory() / 16));
    private final RepmiRuntime rt;
    private final Object sequencing = new Object();
    private long lastSeq;
    /** Flow control: how far each replica has taken writes in. */
    private final ConcurrentHashMap<Integer, Long> progress = new ConcurrentHashMap<>();
    /**
     * Flow control: the bytes each replica can hold behind the order, as it reported them (its own budget, within
     * {@link #MIN_WINDOW_BYTES} and {@link #WINDOW_BYTES}).
     */
    private final ConcurrentHashMap<Integer, Long> budgets = new ConcurrentHashMap<>();
    /**
     * The byte budget every replica may lag behind: the smallest of the budgets reported ({@link #budgets}, the
     * replicas lost when it was last set excepted) and {@link #WINDOW_BYTES}; guarded by {@link #sequencing}.
     */
    private long minBudget = WINDOW_BYTES;
    /**
     * Flow control: the payload bytes sequenced here through number {@code s}, at {@code s % (WINDOW + 1)}, for the
     * numbers from {@link #bytesFrom} to {@link #lastSeq}; a replica lags at most a window of numbers (else the count
     * holds writes back), so the slot of any number that matters is still there.
     */
    private final long[] bytesThrough = new long[WINDOW + 1];
    /** The first number with a slot in {@link #bytesThrough}; before it, {@link #sequencedBytes} counted from 0. */
    private long bytesFrom = 1;
    /** The payload bytes sequenced here since {@link #bytesFrom}. */
    private long sequencedBytes;
    /** Where deliveries go: the members, and joiners from their JOIN on. */
    private final TreeSet<Integer> destinations = new TreeSet<>(Set.of(0));
    /** The destinations that get an order alone, per write (reused under {@link #sequencing}). */
    private int[] orderOnly = new int[0];

    Sequencer(RepmiRuntime rt) {
        this.rt = rt;
    }

    void onSubmit(Submit s, byte[] payload) {
        rt.delivery.onPayload(s, payload); // this process's replica holds a copy, whatever becomes of the order
        if (rt.isStopped()) {
            LOG.log(Level.WARNING, "a write of pool rank {0} reached this process after RepMI stopped here; its writer"
                    + " submits it again to the next sequencer", s.origin());
            return;
        }
        if (!rt.failover.sequencesHere()) {
            LOG.log(Level.WARNING, "a write was submitted to pool rank {0}, which is not the sequencer now; its"
                    + " writer submits it again to the new one", rt.pool.rank());
            return;
        }
        RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
        try {
            sequence(s, payload);
        } finally {
            RepmiRuntime.PROTOCOL.remove();
        }
    }

    private void sequence(Submit s, byte[] payload) {
        synchronized (sequencing) {
            if (!awaitWindow()) {
                return; // RepMI stopped here meanwhile: as for a write that reaches a stopped process (onSubmit)
            }
            long seq = ++lastSeq;
            sequencedBytes += payload == null ? 0 : payload.length;
            bytesThrough[(int) (seq % bytesThrough.length)] = sequencedBytes;
            Deliver d = new Deliver(seq, rt.failover.epoch(), s.origin(), s.call(), s.floor(), s.cloud(), s.method());
            boolean join = s.method() == RepmiMessages.JOIN;
            if (join) {
                destinations.add(s.origin()); // the joiner gets its JOIN and everything after it
            }
            int self = rt.pool.rank();
            int[] alone = orderOnly;
            if (alone.length < destinations.size()) {
                alone = new int[destinations.size()];
                orderOnly = alone;
            }
            int count = 0;
            for (int r : destinations) {
                if (rt.failover.isLost(r)) {
                    continue;
                }
                if (r == self) {
                    rt.delivery.onOrder(d); // its payload came with the submission
                } else if (s.sentTo(r) || (join && r != s.origin())) {
                    // holds the payload from its writer, or needs none (a JOIN's matters to its joiner only): the
                    // order alone, perhaps relayed
                    alone[count++] = r;
                } else {
                    try {
                        rt.stats.payloadSent(payload.length);
                        rt.port(r).deliver(d, payload);
                        rt.relay.reached(r);
                    } catch (RemoteException | CloudException e) {
                        // as on the relay path: reported to the pool, which decides whether it is gone; should it
                        // live on, it fetches the write from here when a later order shows the gap
                        rt.relay.unreachable(r, e);
                    }
                }
            }
            rt.relay.broadcast(d, alone, count);
        }
    }

    /**
     * The ordered writes from {@code from} to {@code to} (to the last one given out at most), for a replica that lacks
     * them (a relay above it died, thesis-beyond): from this process's replica's log, which holds every order given
     * out here with its payload. {@code lost}, if not negative, is a process the asking replica learned is gone: if the
     * pool has declared it so here too, it is treated as lost at once, so no order sequenced after the answer goes
     * through it (the replica asks again a few times, in case this process hears of the loss later).
     */
    java.util.List<RepmiMessages.Entry> orders(long from, long to, int lost) {
        if (lost >= 0 && lost != rt.pool.rank() && declaredGone(lost)) {
            rt.failover.lost(lost, "the pool declared it gone"); // before its event reaches RepMI here
        }
        if (!rt.failover.sequencesHere()) {
            return java.util.List.of(); // a fail-over is under way: it gives every survivor what it lacks
        }
        long last;
        synchronized (sequencing) {
            last = Math.min(to, lastSeq);
        }
        return last < from ? java.util.List.of() : rt.delivery.fetch(from, last);
    }

    /** Whether the pool has declared process {@code rank} dead or gone (a replica's word alone is not enough). */
    private boolean declaredGone(int rank) {
        for (io.mobula.pool.PoolEvent e : rt.pool.events()) {
            if (e.rank() == rank && (e.kind() == io.mobula.pool.PoolEvent.Kind.DIED
                    || e.kind() == io.mobula.pool.PoolEvent.Kind.LEFT)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Holds sequencing back (bounded) while a live replica lags more than {@link #WINDOW} writes, or more than the
     * byte budget, behind: the smallest of {@link #WINDOW_BYTES} here and the budgets the live replicas reported (so
     * every replica's fail-over log, twice its own budget, holds what any survivor may lack, {@link Delivery#LOG_BYTES}).
     * A replica that has taken in every write never holds one back, so a write larger than the budget goes, alone.
     * Returns false if RepMI stopped in this process meanwhile (the lagging replica may be one that stopped too, and
     * would never catch up: the writer's call must not wait out the whole timeout).
     */
    private boolean awaitWindow() {
        long deadline = System.nanoTime() + rt.timeoutNanos;
        while (true) {
            if (rt.isStopped()) {
                return false;
            }
            long budget = minBudget;
            int who = -1;
            long behind = 0;
            for (int r : destinations) {
                if (!rt.failover.isLost(r)) {
                    long p = progress.getOrDefault(r, lastSeq); // no report yet: a fresh joiner, not behind
                    if (p < lastSeq && (lastSeq - p >= WINDOW || bytesBehind(p) > budget)) {
                        who = r;
                        behind = p;
                        break;
                    }
                }
            }
            if (who < 0) {
                return true;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                LOG.log(Level.WARNING, "RepMI: replica at pool rank {0} lags {1} writes ({2} bytes) behind for {3} ms;"
                        + " writes go on", who, lastSeq - behind, bytesBehind(behind),
                        TimeUnit.NANOSECONDS.toMillis(rt.timeoutNanos));
                progress.put(who, lastSeq);
                return true;
            }
            try {
                sequencing.wait(Math.max(1, Math.min(50, TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }
    }

    /**
     * The payload bytes sequenced here after number {@code p} ({@code p < lastSeq}, not a window behind it); holding
     * {@link #sequencing}. For a replica whose last report is older than this process's take-over, every byte
     * sequenced since counts (the numbers before it are not counted).
     */
    private long bytesBehind(long p) {
        return p < bytesFrom ? sequencedBytes : sequencedBytes - bytesThrough[(int) (p % bytesThrough.length)];
    }

    /**
     * Replica {@code rank} has taken in every write up to {@code seq}, and can hold {@code budget} bytes of writes
     * it has not taken in.
     */
    void onProgress(int rank, long seq, long budget) {
        progress.merge(rank, seq, Math::max);
        long b = Math.min(WINDOW_BYTES, Math.max(MIN_WINDOW_BYTES, budget));
        Long before = budgets.put(rank, b);
        synchronized (sequencing) {
            if (before == null || before != b) {
                updateBudget();
            }
            sequencing.notifyAll();
        }
    }

    /** Sets {@link #minBudget} from the budgets of the replicas not lost; holding {@link #sequencing}. */
    private void updateBudget() {
        long min = WINDOW_BYTES;
        for (var e : budgets.entrySet()) {
            if (!rt.failover.isLost(e.getKey())) {
                min = Math.min(min, e.getValue());
            }
        }
        minBudget = min;
    }

    /** This process takes over as sequencer: numbering goes on after {@code last}, to {@code survivors}. */
    void restart(long last, Collection<Integer> survivors) {
        synchronized (sequencing) {
            lastSeq = last;
            bytesFrom = last + 1;
            sequencedBytes = 0;
            updateBudget();
            destinations.clear();
            destinations.addAll(survivors);
        }
    }

    /** The last number this process gave out, for tests and diagnostics. */
    long lastSequenced() {
        synchronized (sequencing) {
            return lastSeq;
        }
    }
}
