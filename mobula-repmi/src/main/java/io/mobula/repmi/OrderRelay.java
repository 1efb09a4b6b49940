package io.mobula.repmi;

import io.mobula.pool.BinomialTree;
import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.rmi.Rmi;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;

/**
 * Carries the sequencer's orders, and the writers' payloads, to the replicas (thesis 4.3: the order is the sequencer's
 * broadcast, the payload the writer's): below
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
 *
 * <p>A write's payload goes the same way from its writer, from {@link #relayFrom} replicas on ({@link #publish}): along
 * the same binomial tree of the pool's ranks, rotated so that the writer is its root, over the replicas the writer
 * sends it to (all but the sequencer, which gets it with the write's submission). The writer sends at most
 * {@code ceil(log2 P)} copies instead of {@code N - 2}; each replica forwards its copy to its subtree before it files
 * it. A replica below a relay that died gets the order without the payload, and fetches it ({@link Delivery},
 * {@link Delivery#PAYLOAD_GRACE_MS}).
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
    /** Orders and payloads to relay from {@link #drainHandOffs}'s thread, oldest first. */
    private final java.util.ArrayDeque<HandOff> handOffs = new java.util.ArrayDeque<>();
    private boolean handingOff;
    /** The replicas this process could not send an order to and reported to the pool (once until reached again). */
    private final java.util.Set<Integer> reported = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** An order ({@code payload} null) or a write's payload, with the range of the tree to relay it to. */
    private record HandOff(Deliver order, RepmiMessages.Submit header, byte[] payload, int[] subtree) {
    }

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
        if (handedOff(d, null, null, subtree)) {
            return;
        }
        Boolean before = enterProtocol();
        try {
            forward(d, subtree);
        } finally {
            leaveProtocol(before);
        }
    }

    /**
     * Sends write payload {@code payload} ({@code header} from its writer) to the children of this process in
     * {@code subtree}, its range of the writer's tree, as {@link #relay} does an order.
     */
    void relayPayload(RepmiMessages.Submit header, byte[] payload, int[] subtree) {
        if (!RelaySubtree.valid(subtree, rt.pool.size(), rt.pool.rank())) {
            LOG.log(Level.WARNING, "RepMI: the payload of write {0} of pool rank {1} came with a malformed range of the"
                    + " tree to relay it to; not relayed (those replicas fetch it when its order comes)",
                    header.call(), header.origin());
            return;
        }
        if (handedOff(null, header, payload, subtree)) {
            return;
        }
        Boolean before = enterProtocol();
        try {
            forwardPayload(header, payload, subtree);
        } finally {
            leaveProtocol(before);
        }
    }

    /**
     * Queues a message for {@link #drainHandOffs}'s thread if one waits there, or if this is a receive thread and a
     * child's connection is not up (a send that may wait, a look-up or a connection set-up, leaves from a thread of its
     * own; later messages follow it through the same queue, so the children get them in order): true if queued.
     */
    private boolean handedOff(Deliver d, RepmiMessages.Submit header, byte[] payload, int[] subtree) {
        synchronized (handOffs) {
            if (!handOffs.isEmpty() || (Rmi.onReceiveThread() && !childrenConnected(subtree))) {
                handOffs.add(new HandOff(d, header, payload, subtree));
                if (!handingOff) {
                    handingOff = true;
                    Thread.ofVirtual().name("mobula-repmi-relay").start(this::drainHandOffs);
                }
                return true;
            }
            return false;
        }
    }

    /**
     * Marks what this thread sends as RepMI's own messages (causal time 0): a child that lags this relay must not wait,
     * before taking a relayed message in, for writes that reach it only through this relay. Returns the mark before.
     */
    private static Boolean enterProtocol() {
        Boolean before = RepmiRuntime.PROTOCOL.get();
        RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
        return before;
    }

    private static void leaveProtocol(Boolean before) {
        if (before == null) {
            RepmiRuntime.PROTOCOL.remove();
        }
    }

    /** Relays the handed-off orders and payloads in the order they came, until none is left. */
    private void drainHandOffs() {
        rt.protocolThread();
        while (true) {
            HandOff next;
            synchronized (handOffs) {
                next = handOffs.peek();
                if (next == null) {
                    handingOff = false;
                    return;
                }
            }
            try {
                if (next.order() != null) {
                    forward(next.order(), next.subtree());
                } else {
                    forwardPayload(next.header(), next.payload(), next.subtree());
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "RepMI: relaying " + (next.order() != null ? "order " + next.order().seq()
                        : "the payload of write " + next.header().call() + " of pool rank " + next.header().origin())
                        + " failed", e);
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

    private void forwardPayload(RepmiMessages.Submit header, byte[] payload, int[] subtree) {
        route(subtree, subtree[RelaySubtree.RUNS], rt.pool.size(),
                (rank, below) -> publishTo(header, payload, rank, below));
    }

    /**
     * A writer's first sending of a payload to the replicas {@code to} lists (the writer first, then the others in
     * increasing rank order: {@link RepmiMessages.Submit#to}) but the sequencer: along the writer's tree from
     * {@link #relayFrom} replicas on, else to each directly. {@code link} sends one copy, with the range of the tree its
     * receiver relays it to (null: nobody), and reports whether it went.
     */
    void publish(int[] to, int sequencer, Link link) {
        publish(to, sequencer, rt.pool.size(), relayFrom, link);
    }

    /** {@link #publish(int[], int, Link)} in a pool of {@code poolSize}, along the tree from {@code relayFrom} on. */
    static void publish(int[] to, int sequencer, int poolSize, int relayFrom, Link link) {
        if (to.length == 0) {
            return;
        }
        int writer = to[0];
        if (to.length + 1 < relayFrom) {
            for (int i = 1; i < to.length; i++) {
                if (to[i] != sequencer) {
                    link.send(to[i], null);
                }
            }
            return;
        }
        int[] ranks = new int[to.length - 1];
        int count = 0;
        for (int i = 1; i < to.length; i++) {
            if (to[i] != sequencer && to[i] != writer) {
                ranks[count++] = to[i];
            }
        }
        if (count == 0) {
            return;
        }
        // the tree covers every rank listed (ranks are below the pool's size; in-process tests stand in for more)
        int size = Math.max(poolSize, ranks[count - 1] + 1);
        route(RelaySubtree.whole(writer, size, ranks, count), 0, size, link);
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
     * Sends a write's payload to pool rank {@code rank}, to relay it to {@code below} (null: nobody); false if it is
     * known lost or cannot be reached (then reported to the pool).
     */
    private boolean publishTo(RepmiMessages.Submit header, byte[] payload, int rank, int[] below) {
        if (rt.failover.isLost(rank)) {
            return false;
        }
        try {
            rt.stats.payloadSent(payload.length);
            rt.port(rank).publish(header, payload, below);
            reached(rank);
            return true;
        } catch (RemoteException | CloudException e) {
            unreachable(rank, e);
            return false;
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
