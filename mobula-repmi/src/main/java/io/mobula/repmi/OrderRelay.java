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
 * sends {@code ceil(log2 N)} orders per write instead of {@code N - 1} and the last replica has it that many hops
 * later.
 *
 * <p>The tree is the sequencer's, and travels with the order: the sequencer lists the replicas that get the order
 * alone (in rank order, {@link RankRuns}), and each replica is sent, with the order, the ranks of its own subtree (a
 * binomial subtree is a contiguous run of the tree's positions, so this is a slice of the list, and over it,
 * re-based at the replica, the tree is the same). Every relay thus forwards along exactly the tree the sequencer
 * computed at that order's number and epoch, whatever it knows itself of joins and losses; nothing has to agree.
 * The list is sent as runs of consecutive ranks, so it costs a few bytes however many replicas there are.
 *
 * <p>A relay forwards an order before it pairs it with its payload, from the thread that received it when the
 * children's connections are up (a one-way send that does not wait for a reply), else from a thread of its own that
 * relays that order and every later one queued behind it, so the children get them in order. A child it cannot reach
 * is reported to the pool (once) and routed around, order by order: its children get the order from the relay. A
 * relay that dies after it took an order in leaves its subtree without it: a replica that sees a gap in the numbers,
 * or hears that a process died, fetches the orders it lacks from the sequencer ({@link Delivery}).
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
        forward(d, RankRuns.of(to, count), true);
    }

    /**
     * Sends order {@code d} to the children of this process in the tree over {@code subtree}, the ranks below it (this
     * process is position 0, {@code subtree}'s ranks positions 1 on). A relay calls it on the thread that received
     * the order when every child's connection is up; otherwise on a thread of its own.
     */
    void relay(Deliver d, int[] subtree) {
        if (!RankRuns.valid(subtree, rt.pool.size())) {
            LOG.log(Level.WARNING, "RepMI: order {0} came with a malformed list of ranks to relay it to; not relayed"
                    + " (those replicas fetch it from the sequencer)", d.seq());
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
        forward(d, subtree, false);
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
                forward((Deliver) next[0], (int[]) next[1], false);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "RepMI: relaying order " + ((Deliver) next[0]).seq() + " failed", e);
            } finally {
                synchronized (handOffs) {
                    handOffs.poll(); // only now: an order arriving meanwhile queues behind it
                }
            }
        }
    }

    /** Whether every child of this process in the tree over {@code subtree} can be sent to without waiting. */
    private boolean childrenConnected(int[] subtree) {
        int n = RankRuns.size(subtree) + 1;
        for (int c = 1; c < n; c <<= 1) {
            ReplicaPort p = rt.knownPort(RankRuns.rank(subtree, c - 1));
            if (p == null || Rmi.transportOf(p) == null) {
                return false;
            }
        }
        return true;
    }

    private void forward(Deliver d, int[] subtree, boolean sequencer) {
        route(subtree, (rank, below) -> sendTo(d, rank, below, sequencer));
    }

    /** Sends a message to one process: true if it went, false if the process cannot be reached. */
    @FunctionalInterface
    interface Link {
        boolean send(int rank, int[] below);
    }

    /**
     * The routing of one order from this process (position 0 of the tree) to the ranks of {@code subtree} (positions
     * 1 on): each child of position 0 is sent the runs of its own subtree ({@code below}, null for a leaf), the
     * farthest child first (its subtree is the largest, thesis 5.4.1); a child that {@code link} cannot reach is
     * routed around, its children sent to in its place (the tree over its subtree, re-based at it, is the same tree,
     * {@link BinomialTree#subtreeEnd}).
     */
    static void route(int[] subtree, Link link) {
        routeBelow(subtree, 0, RankRuns.size(subtree) + 1, link);
    }

    /** Sends to the children of position {@code p}, whose subtree ends (exclusive) at {@code end}. */
    private static void routeBelow(int[] subtree, int p, int end, Link link) {
        int m = end - p;
        for (int k = Integer.highestOneBit(Math.max(1, m - 1)); k >= 1; k >>= 1) {
            if (k < m) {
                int c = p + k;
                int cEnd = p + BinomialTree.subtreeEnd(k, m);
                int[] below = cEnd - c > 1 ? RankRuns.slice(subtree, c, cEnd - 1) : null;
                if (!link.send(RankRuns.rank(subtree, c - 1), below)) {
                    routeBelow(subtree, c, cEnd, link);
                }
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
