package io.mobula.repmi;

import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.repmi.RepmiMessages.Submit;
import io.mobula.rmi.Rmi;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The sequencer's side of the total order (thesis 4.3), active in the process that sequences now: numbers each
 * submitted write and broadcasts its order, holding new writes back (bounded) while a live replica lags more than
 * {@link #WINDOW} writes behind (flow control). The writer sent its payload to the replicas it knew itself; they get
 * the order alone, and only a replica it did not know (one that joined meanwhile) gets the payload from here.
 *
 * <p>A submission is sequenced on the thread that received it ({@link #submitWithoutWaiting}) when nothing can make
 * that thread wait: the sequencer's lock is free, no replica lags a whole window behind, every destination is already
 * connected and any payload to forward is small. Otherwise it goes to a thread that may wait ({@link #onSubmit}),
 * as before: a receive thread that waited for a peer could hold up the very message the peer waits for.
 */
final class Sequencer {
    private static final System.Logger LOG = System.getLogger(Sequencer.class.getName());
    static final int WINDOW = Integer.getInteger("mobula.repmi.window", 4096);
    private final RepmiRuntime rt;
    private final ReentrantLock sequencing = new ReentrantLock();
    /** Signalled when a replica reports progress (the flow-control window may have opened). */
    private final Condition progressed = sequencing.newCondition();
    private long lastSeq;
    /** Flow control: how far each replica has taken writes in. */
    private final ConcurrentHashMap<Integer, Long> progress = new ConcurrentHashMap<>();
    /** Where deliveries go: the members, and joiners from their JOIN on. */
    private final TreeSet<Integer> destinations = new TreeSet<>(Set.of(0));

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
        sequencing.lock();
        try {
            awaitWindow();
            sequenceLocked(s, payload);
        } finally {
            sequencing.unlock();
            RepmiRuntime.PROTOCOL.remove();
        }
    }

    /**
     * On the thread that received a submission: sequences it at once if nothing can make this thread wait (see the
     * class comment) and returns true; returns false, having done nothing, when it must go to {@link #onSubmit} on a
     * thread that may wait.
     */
    boolean submitWithoutWaiting(Submit s, byte[] payload) {
        if (s.method() == RepmiMessages.JOIN || !sequencing.tryLock()) {
            return false; // a JOIN adds a destination, which may first have to be looked up and connected
        }
        try {
            if (rt.isStopped() || !rt.failover.sequencesHere() || windowFull()
                    || !reachableWithoutWaiting(s, payload.length)) {
                return false;
            }
            rt.delivery.onPayload(s, payload);
            RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
            try {
                sequenceLocked(s, payload);
            } finally {
                RepmiRuntime.PROTOCOL.remove();
            }
            rt.stats.sequencedOnReceipt();
            return true;
        } finally {
            sequencing.unlock();
        }
    }

    /** Whether every live destination has a connection, and a payload forwarded to any is small. */
    private boolean reachableWithoutWaiting(Submit s, int payloadBytes) {
        int self = rt.pool.rank();
        for (int r : destinations) {
            if (r == self || rt.failover.isLost(r)) {
                continue;
            }
            if (!rt.canSendWithoutWaiting(r) || (!s.sentTo(r) && payloadBytes > INLINE_PAYLOAD_BYTES)) {
                return false;
            }
        }
        return true;
    }

    /** The largest payload a receiving thread forwards itself (as GMI's receiving threads send at most 64 KiB). */
    static final int INLINE_PAYLOAD_BYTES = 64 << 10;

    /** Numbers and sends one write; the caller holds {@link #sequencing}. */
    private void sequenceLocked(Submit s, byte[] payload) {
        long seq = ++lastSeq;
        Deliver d = new Deliver(seq, rt.failover.epoch(), s.origin(), s.call(), s.floor(), s.cloud(), s.method());
        if (s.method() == RepmiMessages.JOIN) {
            destinations.add(s.origin()); // the joiner gets its JOIN and everything after it
        }
        int self = rt.pool.rank();
        for (int r : destinations.toArray(new Integer[0])) {
            if (rt.failover.isLost(r)) {
                continue;
            }
            if (r == self) {
                rt.delivery.onOrder(d); // its payload came with the submission
                continue;
            }
            try {
                if (s.sentTo(r)) {
                    rt.stats.orderSent();
                    rt.port(r).order(d);
                } else {
                    rt.stats.payloadSent(payload.length);
                    rt.port(r).deliver(d, payload);
                }
            } catch (RemoteException | CloudException e) {
                LOG.log(Level.WARNING, "replica at pool rank {0} is unreachable; dropped: {1}", r, e.getMessage());
                rt.failover.markLost(r);
                if (Rmi.onReceiveThread()) {
                    Rmi.runWhereBlockingIsAllowed(() -> rt.pool.lost(r, e)); // tells the pool: may wait
                } else {
                    rt.pool.lost(r, e);
                }
            }
        }
    }

    /** Whether a live replica lags {@link #WINDOW} writes or more behind; the caller holds {@link #sequencing}. */
    private boolean windowFull() {
        for (int r : destinations) {
            if (!rt.failover.isLost(r) && lastSeq - progress.getOrDefault(r, lastSeq) >= WINDOW) {
                return true;
            }
        }
        return false;
    }

    /**
     * Holds sequencing back (bounded) while a live replica lags more than {@link #WINDOW} writes behind; the caller
     * holds {@link #sequencing}.
     */
    private void awaitWindow() {
        long deadline = System.nanoTime() + rt.timeoutNanos;
        while (true) {
            long slowest = Long.MAX_VALUE;
            int who = -1;
            for (int r : destinations) {
                if (!rt.failover.isLost(r)) {
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
                        + " on", who, lastSeq - slowest, TimeUnit.NANOSECONDS.toMillis(rt.timeoutNanos));
                progress.put(who, lastSeq);
                return;
            }
            try {
                progressed.awaitNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Replica {@code rank} has taken in every write up to {@code seq}. */
    void onProgress(int rank, long seq) {
        progress.merge(rank, seq, Math::max);
        sequencing.lock();
        try {
            progressed.signalAll();
        } finally {
            sequencing.unlock();
        }
    }

    /** This process takes over as sequencer: numbering goes on after {@code last}, to {@code survivors}. */
    void restart(long last, Collection<Integer> survivors) {
        sequencing.lock();
        try {
            lastSeq = last;
            destinations.clear();
            destinations.addAll(survivors);
        } finally {
            sequencing.unlock();
        }
    }

    /** The last number this process gave out, for tests and diagnostics. */
    long lastSequenced() {
        sequencing.lock();
        try {
            return lastSeq;
        } finally {
            sequencing.unlock();
        }
    }
}
