package io.mobula.repmi;

import io.mobula.repmi.RepmiMessages.Deliver;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Who sequences, and replacing a lost sequencer (thesis-beyond: fail-over; docs/REPMI.md, Failures): the current
 * sequencer and its epoch, the processes known lost, and the take-over by the lowest survivor, which fences off the old
 * epoch, gives every survivor the writes any of them holds, and resumes.
 */
final class Failover {
    private static final System.Logger LOG = System.getLogger(Failover.class.getName());
    private final RepmiRuntime rt;
    private final Set<Integer> lost = ConcurrentHashMap.newKeySet();
    /** The current sequencer and its epoch; writes wait while {@link #failingOver}. */
    private volatile int sequencer;
    private volatile int epoch;
    private volatile boolean failingOver;
    private final Object changed = new Object();

    Failover(RepmiRuntime rt) {
        this.rt = rt;
    }

    /** The pool rank that sequences now. */
    int sequencer() {
        return sequencer;
    }

    /** The current sequencer's epoch (0 for the first, one more per fail-over). */
    int epoch() {
        return epoch;
    }

    /** Whether this process sequences now (and is not in the middle of a fail-over). */
    boolean sequencesHere() {
        return rt.pool.rank() == sequencer && !failingOver;
    }

    /** Whether the sequencer is being replaced. */
    boolean isFailingOver() {
        return failingOver;
    }

    boolean isLost(int rank) {
        return lost.contains(rank);
    }

    void markLost(int rank) {
        lost.add(rank);
    }

    /**
     * Waits (bounded by {@code deadline}) until there is a live sequencer, and returns it with its epoch: the epoch in
     * the high 32 bits, the rank in the low ones.
     *
     * @throws CloudException when none took over in time, or RepMI stopped here
     */
    long awaitSequencer(long deadline) throws InterruptedException {
        long overdue = TimeUnit.MILLISECONDS.toNanos(RepmiRuntime.ORDER_OVERDUE_MS);
        long probeAt = System.nanoTime() + overdue;
        while (true) {
            synchronized (changed) {
                while (failingOver || lost.contains(sequencer)) {
                    rt.checkRunning();
                    long now = System.nanoTime();
                    long left = deadline - now;
                    if (left <= 0) {
                        throw new CloudException("no RepMI sequencer within " + TimeUnit.NANOSECONDS.toMillis(
                                rt.timeoutNanos) + " ms (pool rank " + sequencer + " is lost and no successor took"
                                + " over)");
                    }
                    if (now - probeAt >= 0) {
                        break;
                    }
                    TimeUnit.NANOSECONDS.timedWait(changed, Math.min(left, probeAt - now));
                }
                if (!failingOver && !lost.contains(sequencer)) {
                    return ((long) epoch << 32) | (sequencer & 0xffffffffL);
                }
            }
            probeAt = System.nanoTime() + overdue;
            probeSuccessor();
        }
    }

    /**
     * A fail-over has kept a write of this process waiting for {@link RepmiRuntime#ORDER_OVERDUE_MS} (to be sent, or
     * for its order): asks the member
     * that takes over (the lowest not lost) for something harmless. One that does not answer is reported to the pool,
     * which settles a link cut between the two (docs/POOL.md); the successor, for its part, reports a survivor it
     * cannot reach ({@link #takeOver}). Without this, a survivor cut off from its new sequencer would wait out the
     * whole timeout.
     */
    void probeSuccessor() {
        int successor = -1;
        for (int r = 0; r < rt.pool.size() && successor < 0; r++) {
            if (!lost.contains(r)) {
                successor = r;
            }
        }
        if (successor < 0 || successor == rt.pool.rank()) {
            return;
        }
        try {
            rt.port(successor).payload(rt.pool.rank(), -1); // no write has call number -1: a lookup, nothing more
        } catch (RemoteException e) {
            rt.pool.lost(successor, e);
        } catch (CloudException e) {
            LOG.log(Level.DEBUG, "RepMI: the successor (pool rank {0}) is not known here yet: {1}", successor,
                    e.getMessage());
        }
    }

    /** Reports to the pool a survivor the fail-over cannot reach (from a thread of its own: a coordinator call). */
    private void report(int rank, Exception e) {
        if (e instanceof RemoteException) {
            Thread.ofVirtual().name("mobula-repmi-report").start(() -> rt.pool.lost(rank, e));
        }
    }

    /** Wakes the threads waiting for a sequencer (RepMI stopped here: they fail). */
    void wakeWaiters() {
        synchronized (changed) {
            changed.notifyAll();
        }
    }

    /** Process {@code rank} is gone: no more deliveries to it; if it sequenced, its successor takes over. */
    void lost(int rank, String detail) {
        if (rank == rt.pool.rank() || !lost.add(rank)) {
            return;
        }
        rt.forgetPort(rank);
        rt.delivery.writerLost(rank);
        if (rank != sequencer) {
            rt.delivery.memberLost(rank); // it may have relayed orders to this replica
            return;
        }
        synchronized (changed) {
            failingOver = true;
            changed.notifyAll();
        }
        int successor = -1;
        for (int r = 0; r < rt.pool.size() && successor < 0; r++) {
            if (!lost.contains(r)) {
                successor = r;
            }
        }
        LOG.log(Level.WARNING, "RepMI: the sequencer (pool rank {0}) is lost ({1}); pool rank {2} takes over", rank,
                detail, successor);
        if (successor == rt.pool.rank()) {
            int next = epoch + 1;
            Thread.ofVirtual().name("mobula-repmi-failover").start(() -> takeOver(next));
        }
    }

    /**
     * Failover, step 4 at a survivor: {@code newSequencer} sequences from {@code last + 1} on in {@code newEpoch};
     * this process submits again its writes no survivor holds.
     */
    void resume(int newEpoch, int newSequencer, long last) {
        synchronized (changed) {
            epoch = newEpoch;
            sequencer = newSequencer;
            failingOver = false;
            changed.notifyAll();
        }
        rt.resubmitUnreceived(newEpoch);
        LOG.log(Level.INFO, "RepMI: pool rank {0} sequences from write {1} on (epoch {2})", newSequencer, last + 1,
                newEpoch);
    }

    /**
     * Becomes the sequencer (the lowest surviving rank): fences off the old epoch at every survivor, finds the
     * highest number any of them received, gives every survivor the writes it misses (from whichever survivor has
     * them; a number no survivor has becomes a no-op everywhere), then tells them to resume with this process as the
     * sequencer. Survivors thus apply one identical sequence; writes no survivor received are submitted again by
     * their writers.
     */
    private void takeOver(int newEpoch) {
        RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
        try {
            List<Integer> survivors = new ArrayList<>();
            Map<Integer, long[]> status = new HashMap<>();
            for (int r : rt.delivery.members()) {
                if (lost.contains(r)) {
                    continue;
                }
                try {
                    status.put(r, rt.port(r).status(newEpoch));
                    survivors.add(r);
                } catch (RemoteException | CloudException e) {
                    lost.add(r);
                    report(r, e);
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
                            for (RepmiMessages.Entry e : rt.port(r).fetch(low + 1, high)) {
                                RepmiMessages.Entry had = entries.get(e.header().seq());
                                if (had == null || (had.payload() == null && e.payload() != null)) {
                                    entries.put(e.header().seq(), e);
                                }
                            }
                        } catch (RemoteException | CloudException e) {
                            lost.add(r);
                        }
                    }
                }
            }
            for (long q = low + 1; q <= high; q++) {
                RepmiMessages.Entry e = entries.get(q);
                if (e != null && e.payload() == null) {
                    // a JOIN runs from its order alone: it stays a JOIN (survivors may have run it), with any payload
                    e = e.header().method() == RepmiMessages.JOIN
                            ? new RepmiMessages.Entry(e.header(), rt.encode(null, () -> "a JOIN"))
                            : withPayload(e, survivors, lost);
                }
                Deliver h = e == null ? new Deliver(q, newEpoch, -1, 0, 0, 0, RepmiMessages.NOOP)
                        : new Deliver(q, newEpoch, e.header().origin(), e.header().call(), e.header().floor(),
                                e.header().cloud(), e.header().method());
                entries.put(q, new RepmiMessages.Entry(h, e == null ? rt.encode(null, () -> "a no-op") : e.payload()));
            }
            for (int r : survivors) {
                List<RepmiMessages.Entry> missing = new ArrayList<>(entries.tailMap(status.get(r)[0], false).values());
                try {
                    if (r != rt.pool.rank()) {
                        for (RepmiMessages.Entry e : missing) {
                            rt.stats.payloadSent(e.payload().length);
                        }
                    }
                    rt.port(r).redeliver(missing);
                } catch (RemoteException | CloudException e) {
                    lost.add(r);
                    report(r, e);
                }
            }
            rt.sequencer.restart(high, survivors);
            for (int r : survivors) {
                try {
                    rt.port(r).resume(newEpoch, rt.pool.rank(), high);
                } catch (RemoteException | CloudException e) {
                    lost.add(r);
                    report(r, e);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "RepMI: taking over as sequencer failed; writes will time out", e);
        } finally {
            RepmiRuntime.PROTOCOL.remove();
        }
    }

    /**
     * An ordered write whose payload no survivor logged with its order (the survivors that had the order got the
     * payload from nobody yet): the payload from a survivor holding it without its order, or null if none does. Then
     * no survivor can have applied the write, and its slot becomes a no-op everywhere (its writer, were it alive,
     * would hold the payload: it takes its own copy before sending any).
     */
    private RepmiMessages.Entry withPayload(RepmiMessages.Entry e, List<Integer> survivors, Set<Integer> gone) {
        for (int r : survivors) {
            if (gone.contains(r)) {
                continue;
            }
            try {
                byte[] p = rt.port(r).payload(e.header().origin(), e.header().call());
                if (p != null) {
                    return new RepmiMessages.Entry(e.header(), p);
                }
            } catch (RemoteException | CloudException x) {
                gone.add(r);
            }
        }
        return null;
    }
}
