package io.mobula.repmi;

import io.mobula.pool.BinomialTree;
import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.rmi.Rmi;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;

/**
 * Carries the sequencer's orders to the replicas (thesis 4.3: the order is the sequencer's broadcast): below
 * {@link #relayFrom} replicas the sequencer sends each one its order itself; from there on, the order travels along a
 * binomial tree ({@link BinomialTree}, as GMI's broadcasts, thesis 5.4.1) rooted at the sequencer, so the sequencer
 * sends at most {@code ceil(log2 P)} orders per write instead of {@code N - 1}, and the last replica has it at most
 * that many hops later ({@code P} the pool's size, {@code N} the replicas).
 *
 * <p>The tree is drawn over the pool's ranks, rotated so that the sequencer is its root ({@link RelaySubtree}), not
 * over the list of replicas: it stays put while processes join the replicas, so a join does not move every replica
 * after it to another parent (and another connection). A rank that is no replica (it has not joined, or is lost) is
 * stood in for by the first replica below it in its subtree, which forwards to that subtree's children itself.
 *
 * <p>The tree is the sequencer's, and travels with the order: each replica is sent, with the order, its range of the
 * tree and the replicas in it ({@link RelaySubtree}), and routes over exactly that. Every relay thus forwards along the
 * tree the sequencer drew at that order's number and epoch, whatever it knows itself of joins and losses; nothing has
 * to agree.
 *
 * <p>A relay forwards an order before it pairs it with its payload, from the thread that received it when the
 * children's connections are up (a one-way send that does not wait for a reply), else from a thread of its own that
 * relays that order and every later one queued behind it, so the children get them in order. A child it cannot reach
 * is reported to the pool (once) and routed around, order by order: the next replica of the child's subtree stands in
 * for it. A relay that dies after it took an order in leaves its subtree without it: a replica that sees a gap in the
 * numbers, or hears that a process died, fetches the orders it lacks from the sequencer ({@link Delivery}).
 */
final class OrderRelay {
    private static final System.Logger LOG = System.getLogger(OrderRelay.class.getName());
    /**
     * The default of {@code mobula.repmi.relayFrom}: the number of replicas (the sequencer's included) from which
     * orders travel along the tree, GMI's relay threshold (docs/GMI.md, "Relay threshold").
     */
    static final int RELAY_FROM = 16;
    private final RepmiRuntime rt;
    /** The number of replicas, the sequencer's included, from which orders are relayed. */
    final int relayFrom;
    /** Orders to relay from {@link #drainHandOffs}'s thread, oldest first: {Deliver, int[] subtree}. */
    private final java.util.ArrayDeque<Object[]> handOffs = new java.util.ArrayDeque<>();
    private boolean handingOff;
    /** The replicas this process could not send an order to and reported to the pool (once until reached again). */
    private final java.util.Set<Integer> reported = java.util.concurrent.ConcurrentHashMap.newKeySet();

    OrderRelay(RepmiRuntime rt) {
        this.rt = rt;
        this.relayFrom = Math.max(2, Integer.getInteger("mobula.repmi.relayFrom", RELAY_FROM));
    }

    /**
     * The sequencer's broadcast of order {@code d} to the replicas {@code to[0..count)} (rank order, this process
     * excluded), which hold its payload from its writer: to each directly, or along the tree from {@link #relayFrom}
     * replicas on. Called holding the sequencer's lock, so orders leave in number order.
     */
    void broadcast(Deliver d, int[] to, int count) {
        if (count + 1 < relayFrom) {
            for (int i = 0; i < count; i++) {
                sendTo(d, to[i], null, true);
            }
            return;
        }
        // the tree covers every rank listed (ranks are below the pool's size; in-process tests stand in for more)
        int size = Math.max(rt.pool.size(), to[count - 1] + 1);
        int[] whole = RelaySubtree.whole(rt.pool.rank(), size, to, count);
        route(whole, 0, size, (rank, below) -> sendTo(d, rank, below, true));
    }

    /**
     * Sends order {@code d} to the children of this process in {@code subtree}, its range of the tree (this process is
     * its first listed position). A relay calls it on the thread that received the order when every child's
     * connection is up; otherwise on a thread of its own.
     */
    void relay(Deliver d, int[] subtree) {
        if (!RelaySubtree.valid(subtree, rt.pool.size(), rt.pool.rank())) {
            LOG.log(Level.WARNING, "RepMI: order {0} came with a malformed range of the tree to relay it to; not"
                    + " relayed (those replicas fetch it from the sequencer)", d.seq());
            return;
        }
        synchronized (handOffs) {
            if (!handOffs.isEmpty() || (Rmi.onReceiveThread() && !childrenConnected(subtree))) {
                // a send that may wait (a look-up, a connection set-up) leaves from a thread of its own; later orders
                // follow it through the same queue, so the children get them in order
                handOffs.add(new Object[] {d, subtree});
                if (!handingOff) {
                    handingOff = true;
                    Thread.ofVirtual().name("mobula-repmi-relay").start(this::drainHandOffs);
                }
                return;
            }
        }
        // RepMI's own message (causal time 0): a child that lags this relay must not wait, before taking this order
        // in, for writes that reach it only through this relay
        Boolean before = RepmiRuntime.PROTOCOL.get();
        RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
        try {
            forward(d, subtree);
        } finally {
            if (before == null) {
                RepmiRuntime.PROTOCOL.remove();
            }
        }
    }

    /** Relays the handed-off orders in the order they came, until none is left. */
    private void drainHandOffs() {
        rt.protocolThread();
        while (true) {
            Object[] next;
            synchronized (handOffs) {
                next = handOffs.peek();
                if (next == null) {
                    handingOff = false;
                    return;
                }
            }
            try {
                forward((Deliver) next[0], (int[]) next[1]);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "RepMI: relaying order " + ((Deliver) next[0]).seq() + " failed", e);
            } finally {
                synchronized (handOffs) {
                    handOffs.poll(); // only now: an order arriving meanwhile queues behind it
                }
            }
        }
    }

    /** Whether every child of this process in {@code subtree} can be sent to without waiting. */
    private boolean childrenConnected(int[] subtree) {
        boolean[] all = {true};
        // the children only, not their ranges: nothing is allocated for the check
        routeBelow(subtree, subtree[RelaySubtree.RUNS], rt.pool.size(), 0, subtree[RelaySubtree.SIZE], false,
                (rank, below) -> {
                    ReplicaPort p = rt.knownPort(rank);
                    all[0] &= p != null && Rmi.transportOf(p) != null;
                    return true;
                });
        return all[0];
    }

    private void forward(Deliver d, int[] subtree) {
        route(subtree, subtree[RelaySubtree.RUNS], rt.pool.size(), (rank, below) -> sendTo(d, rank, below, false));
    }

    /** Sends a message to one process: true if it went, false if the process cannot be reached. */
    @FunctionalInterface
    interface Link {
        boolean send(int rank, int[] below);
    }

    /**
     * The routing of one order from this process, at position {@code self} of {@code subtree} (a pool of
     * {@code poolSize}), to the other replicas listed in it: each child range of the positions this process stands in
     * for gets the order at its first listed replica, sent its range ({@code below}, null for a leaf), the farthest
     * child first (its subtree is the largest, thesis 5.4.1). A child range whose first replica is this process's own
     * is routed from here too. A replica that {@code link} cannot reach is routed around: the next listed replica of
     * its range stands in for it.
     */
    static void route(int[] subtree, int self, int poolSize, Link link) {
        routeBelow(subtree, self, poolSize, 0, subtree[RelaySubtree.SIZE], true, link);
    }

    /**
     * Sends to the child ranges of position {@code p}, whose range ends (exclusive) at {@code end}; each child is
     * given its range only {@code withRanges} (else null).
     */
    private static void routeBelow(int[] subtree, int self, int poolSize, int p, int end, boolean withRanges,
            Link link) {
        int m = end - p;
        for (int k = Integer.highestOneBit(Math.max(1, m - 1)); k >= 1; k >>= 1) {
            if (k >= m) {
                continue;
            }
            int c = p + k;
            int cEnd = p + BinomialTree.subtreeEnd(k, m);
            for (int from = c; ; ) {
                int first = RelaySubtree.firstAtLeast(subtree, from);
                if (first < 0 || first >= cEnd) {
                    break; // no replica left in this range
                }
                if (first == self) {
                    // this process stands in for position c
                    routeBelow(subtree, self, poolSize, c, cEnd, withRanges, link);
                    break;
                }
                int[] below = withRanges ? RelaySubtree.sub(subtree,
                        RelaySubtree.rank(subtree[RelaySubtree.ROOT], c, poolSize), c, first, cEnd) : null;
                if (link.send(RelaySubtree.rank(subtree[RelaySubtree.ROOT], first, poolSize), below)) {
                    break;
                }
                from = first + 1;
            }
        }
    }

    /**
     * Sends order {@code d} to pool rank {@code rank}, to relay it to {@code below} (null: nobody); false if it is
     * known lost or cannot be reached (then reported to the pool).
     */
    private boolean sendTo(Deliver d, int rank, int[] below, boolean sequencer) {
        if (rt.failover.isLost(rank)) {
            return false;
        }
        try {
            if (sequencer) {
                rt.stats.orderSent();
            } else {
                rt.stats.orderRelayed();
            }
            rt.port(rank).order(d, below);
            reached(rank);
            return true;
        } catch (RemoteException | CloudException e) {
            // the sequencer as a relay: it only routes around it, order by order (the sequencer's list decides who is
            // in the tree, and the pool whether it is gone); a replica that lives on fetches what it missed
            unreachable(rank, e);
            return false;
        }
    }

    /** A send to pool rank {@code rank} went through: a later failure is reported again. */
    void reached(int rank) {
        if (!reported.isEmpty()) {
            reported.remove(rank);
        }
    }

    /**
     * A send of the order to pool rank {@code rank} failed (from the sequencer, directly or as the tree's root, or
     * from a relay): reported to the pool, once until a send to it goes through again, from a thread of its own (a
     * call to the coordinator). The replica is not dropped here: the pool decides whether it is gone (then every
     * process treats it as lost); should it live on, it fetches the orders it missed from the sequencer when a later
     * order shows the gap ({@link Delivery}, {@link ReplicaPort#orders}).
     */
    void unreachable(int rank, Exception e) {
        if (!reported.add(rank)) {
            return;
        }
        LOG.log(Level.WARNING, "RepMI: replica at pool rank {0} is unreachable; the writes it misses go around it"
                + " until it is back or the pool declares it gone: {1}", rank, e.getMessage());
        Thread.ofVirtual().name("mobula-repmi-report").start(() -> {
            try {
                rt.pool.lost(rank, e);
            } catch (RuntimeException f) {
                LOG.log(Level.DEBUG, "could not report pool rank " + rank + " to the pool", f);
            }
        });
    }
}
