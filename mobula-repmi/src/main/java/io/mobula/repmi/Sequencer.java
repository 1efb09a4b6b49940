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
 * holding new writes back (bounded) while a live replica lags more than
 * {@link #WINDOW} writes behind (flow control). The writer sent its payload to the replicas it knew itself; they get
 * the order alone, and only a replica it did not know (one that joined meanwhile) gets the payload from here.
 */
final class Sequencer {
    private static final System.Logger LOG = System.getLogger(Sequencer.class.getName());
    static final int WINDOW = Integer.getInteger("mobula.repmi.window", 4096);
    private final RepmiRuntime rt;
    private final Object sequencing = new Object();
    private long lastSeq;
    /** Flow control: how far each replica has taken writes in. */
    private final ConcurrentHashMap<Integer, Long> progress = new ConcurrentHashMap<>();
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
            Deliver d = new Deliver(seq, rt.failover.epoch(), s.origin(), s.call(), s.floor(), s.cloud(), s.method());
            if (s.method() == RepmiMessages.JOIN) {
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
                } else if (s.sentTo(r)) {
                    alone[count++] = r; // holds the payload from its writer: the order alone, perhaps relayed
                } else {
                    try {
                        rt.stats.payloadSent(payload.length);
                        rt.port(r).deliver(d, payload);
                    } catch (RemoteException | CloudException e) {
                        LOG.log(Level.WARNING, "replica at pool rank {0} is unreachable; dropped: {1}", r,
                                e.getMessage());
                        rt.failover.markLost(r);
                        rt.pool.lost(r, e);
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
     * Holds sequencing back (bounded) while a live replica lags more than {@link #WINDOW} writes behind; false if RepMI
     * stopped in this process meanwhile (the lagging replica may be one that stopped too, and would never catch up:
     * the writer's call must not wait out the whole timeout).
     */
    private boolean awaitWindow() {
        long deadline = System.nanoTime() + rt.timeoutNanos;
        while (true) {
            if (rt.isStopped()) {
                return false;
            }
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
                return true;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                LOG.log(Level.WARNING, "RepMI: replica at pool rank {0} lags {1} writes behind for {2} ms; writes go"
                        + " on", who, lastSeq - slowest, TimeUnit.NANOSECONDS.toMillis(rt.timeoutNanos));
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

    /** Replica {@code rank} has taken in every write up to {@code seq}. */
    void onProgress(int rank, long seq) {
        progress.merge(rank, seq, Math::max);
        synchronized (sequencing) {
            sequencing.notifyAll();
        }
    }

    /** This process takes over as sequencer: numbering goes on after {@code last}, to {@code survivors}. */
    void restart(long last, Collection<Integer> survivors) {
        synchronized (sequencing) {
            lastSeq = last;
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
