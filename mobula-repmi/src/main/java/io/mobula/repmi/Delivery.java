package io.mobula.repmi;

import io.mobula.repmi.RepmiMessages.Deliver;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * A replica's side of the total order (thesis 4.3): takes delivered writes in, holds back early arrivals, starts
 * each write in number order under the deterministic {@link WriteScheduler}, decides at each write's first turn
 * whether it is a second copy ({@link WriteIds}), counts applied writes (the time of RMI's causal clock), reports
 * progress for flow control, and keeps the recent writes and the known members for a fail-over.
 */
final class Delivery {
    private static final System.Logger LOG = System.getLogger(Delivery.class.getName());
    private static final int REPORT_EVERY = Math.max(1, Sequencer.WINDOW / 8);
    private static final int LOG_LIMIT = 8192;
    private final RepmiRuntime rt;
    private final Object arrivals = new Object();
    private final TreeMap<Long, WriteTask> holdBack = new TreeMap<>();
    private long nextSeq = 1;
    /** Whether this replica has its state: the first sequencer from the start, the others once their snapshot is in. */
    private boolean ready;
    /** The processes holding replicas, as this replica knows them. */
    private final TreeSet<Integer> members = new TreeSet<>();
    /** Deliveries of epochs below this are dropped (fenced off by a new sequencer). */
    private int fence;
    /** Recently delivered writes, for a new sequencer to fill other replicas' gaps (thesis-beyond: failover). */
    private final TreeMap<Long, RepmiMessages.Entry> log = new TreeMap<>();
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

    Delivery(RepmiRuntime rt) {
        this.rt = rt;
    }

    /** The first sequencer's replica has its (empty) state from the start. */
    void startAsFirst() {
        synchronized (arrivals) {
            ready = true;
            members.add(rt.pool.rank());
        }
    }

    void onDeliver(Deliver d, byte[] payload) {
        if (rt.isStopped()) {
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
            if (d.origin() == rt.pool.rank()) {
                rt.received(d.call());
            }
            log.put(d.seq(), new RepmiMessages.Entry(d, payload));
            if (log.size() > LOG_LIMIT) {
                log.pollFirstEntry();
            }
            holdBack.put(d.seq(), new WriteTask(rt, d, payload));
            drain();
        }
    }

    /** Starts the held-back writes that are next in the order (only once this replica has its state). */
    private void drain() {
        synchronized (arrivals) {
            while (ready && !holdBack.isEmpty() && holdBack.firstKey() == nextSeq) {
                WriteTask t = holdBack.pollFirstEntry().getValue();
                nextSeq++;
                rt.scheduler.add(t);
                Thread.ofVirtual().name("mobula-repmi-write-" + t.seq).start(t::run);
                if (t.seq % REPORT_EVERY == 0) {
                    reportProgress(t.seq);
                }
            }
        }
    }

    private void reportProgress(long seq) {
        int target = rt.failover.sequencer();
        Thread.ofVirtual().start(() -> {
            RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
            try {
                rt.port(target).progress(rt.pool.rank(), seq);
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
        }
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
            nextSeq = snap.seq();
            joinSlot = snap.seq();
            holdBack.headMap(nextSeq).clear();
            ready = true;
            drain();
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

    /** Failover, step 2: the logged writes numbered {@code from} to {@code to}. */
    List<RepmiMessages.Entry> fetch(long from, long to) {
        synchronized (arrivals) {
            // held-back writes are in the log too (logged on arrival; the log drops only its oldest entries)
            return new ArrayList<>(log.subMap(from, true, to, true).values());
        }
    }
}
