package io.mobula.bench.scale;

import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.TrafficObserver;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The message ledger of a simulated cluster: every node's connections report their frames here (a
 * {@link TrafficObserver} per node), which counts messages and bytes per node and gives every message a depth, the
 * length of the causal chain of messages that ends with it, in two ways.
 *
 * <p>Matching a receipt to its send, without touching the wire: the sender notes the message's depths in a FIFO queue
 * of the directed channel (its connection's local address to its remote address) under the connection's send lock,
 * before the frame's first byte is written; the receiving end of the same TCP connection, whose remote address is the
 * sender's local one, takes the head of that queue when the frame arrives, before its handler runs. A TCP connection
 * delivers in order, so the head is that frame's entry.
 *
 * <ul>
 * <li><b>depth</b> (along threads): a thread that receives a message notes its depth; a message sent by a thread has
 *     the depth of the message that thread handles, plus one (1 from a thread that handled none since the last
 *     {@link #reset}). Threads started by a handler inherit the depth (the RMI runtime runs calls that may block on a
 *     virtual thread started for each). This is the chain the protocol builds as long as a message's reaction is sent
 *     by the thread that received it or one it started; work handed to a pooled thread starts a new chain there, so
 *     the value is then a lower bound.</li>
 * <li><b>depth bound</b> (node clocks, Lamport): a node's clock is the greatest depth it has received since the last
 *     reset; a message it sends has clock + 1. Everything a node sends after a receipt counts as caused by it, so this
 *     is an upper bound: concurrent work in one node (a partial result arriving while the invoker still sends)
 *     lengthens it.</li>
 * </ul>
 * Measured on a quiet cluster, one operation at a time, the two agree for broadcasts and rooted replies; where they
 * differ, the protocol's chain lies between them.
 *
 * <p>With a {@link CostModel}, every message is also given a time per transport of the model, as LogGP charges it
 * ({@link LogGpParameters}), in the same two ways: a send starts when its cause was handled (the message its thread
 * handles; by node clocks, the latest message its node handled) and its node's previous send lets it (g + m G after
 * that one's start); it is handled L + 2o + m G later, or g after its receiver's previous receipt if that is later.
 * The latest handling time since the last {@link #restartTiming} is the operation's predicted latency: along threads
 * ({@link #predicted}) and by node clocks ({@link #predictedBound}). The ledger also keeps the bytes along the
 * longest chain along threads ({@link #pathBytes}).
 */
final class Traffic {
    private final Node[] nodes;
    private final List<LogGpParameters> models;
    private final ConcurrentHashMap<String, Queue<Sent>> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger maxDepth = new AtomicInteger();
    private final AtomicInteger maxBound = new AtomicInteger();
    /** Counts resets: a thread's depth noted before the last reset is 0. */
    private volatile long epoch;
    /** Counts restarts of the timing ({@link #restartTiming}): a thread's time noted before the last one is 0. */
    private volatile long timing;
    /**
     * The message the current thread handles (or last handled); threads a handler starts inherit it (the RMI runtime
     * runs a call that may block on a virtual thread started for it).
     */
    private final InheritableThreadLocal<Cause> handling = new InheritableThreadLocal<>();
    /** The greatest depth along threads and the bytes of that chain (the most bytes among chains that deep). */
    private int deepest;
    private long deepestBytes;
    /** Per model: the latest handling time along threads and by node clocks since the timing restarted. */
    private final double[] latest;
    private final double[] latestBound;
    /** Frames received with no depth recorded for their channel: would make depths wrong; must stay 0. */
    private final AtomicLong unmatched = new AtomicLong();

    Traffic(int nodes) {
        this(nodes, List.of());
    }

    /** A ledger of {@code nodes} nodes that also times every message by each of {@code models} (class comment). */
    Traffic(int nodes, List<LogGpParameters> models) {
        this.models = List.copyOf(models);
        this.latest = new double[models.size()];
        this.latestBound = new double[models.size()];
        this.nodes = new Node[nodes];
        for (int i = 0; i < nodes; i++) {
            this.nodes[i] = new Node(i);
        }
    }

    /** The observer node {@code i} gives its transports. */
    TrafficObserver node(int i) {
        return nodes[i];
    }

    int size() {
        return nodes.length;
    }

    /** Zeroes the counters and clocks; only when no message is on its way (the queues must be empty). */
    void reset() {
        for (Node n : nodes) {
            n.reset();
        }
        maxDepth.set(0);
        maxBound.set(0);
        synchronized (this) {
            deepest = 0;
            deepestBytes = 0;
        }
        epoch++;
        restartTiming();
    }

    /**
     * Starts the clocks of the cost models again at 0, keeping the counts (between operations measured together,
     * each timed alone); only when no message is on its way.
     */
    void restartTiming() {
        for (Node n : nodes) {
            n.restartTiming();
        }
        synchronized (this) {
            Arrays.fill(latest, 0);
            Arrays.fill(latestBound, 0);
        }
        timing++;
    }

    /** The cost models' parameters, in the order of {@link #predicted} and {@link #predictedBound}. */
    List<LogGpParameters> models() {
        return models;
    }

    /** Per model: the latest time a message was handled, along threads, since the timing restarted (class comment). */
    synchronized double[] predicted() {
        return latest.clone();
    }

    /** Per model: the same by node clocks, an upper bound as {@link #maxDepthBound} is. */
    synchronized double[] predictedBound() {
        return latestBound.clone();
    }

    /** The bytes along the longest chain along threads ({@link #maxDepth} messages). */
    synchronized long pathBytes() {
        return deepestBytes;
    }

    /** Frames still sent and not received (0 on a quiet cluster). */
    long inFlight() {
        long s = 0;
        for (Queue<Sent> q : inFlight.values()) {
            s += q.size();
        }
        return s;
    }

    long unmatched() {
        return unmatched.get();
    }

    /** The greatest depth along threads (see the class comment). */
    int maxDepth() {
        return maxDepth.get();
    }

    /** The greatest depth by node clocks, an upper bound (see the class comment). */
    int maxDepthBound() {
        return maxBound.get();
    }

    long framesSent(int node) {
        return nodes[node].framesSent.get();
    }

    long bytesSent(int node) {
        return nodes[node].bytesSent.get();
    }

    long framesReceived(int node) {
        return nodes[node].framesReceived.get();
    }

    long bytesReceived(int node) {
        return nodes[node].bytesReceived.get();
    }

    /** Frames sent by all nodes together. */
    long totalFrames() {
        long s = 0;
        for (Node n : nodes) {
            s += n.framesSent.get();
        }
        return s;
    }

    /** Frames received by all nodes together. */
    long totalReceived() {
        long s = 0;
        for (Node n : nodes) {
            s += n.framesReceived.get();
        }
        return s;
    }

    long totalBytes() {
        long s = 0;
        for (Node n : nodes) {
            s += n.bytesSent.get();
        }
        return s;
    }

    private static String channel(Endpoint from, Endpoint to) {
        if (from == null || to == null) {
            throw new IllegalStateException("a connection without both addresses: the simulation needs TCP");
        }
        return from.host() + ":" + from.port() + ">" + to.host() + ":" + to.port();
    }

    private Queue<Sent> queue(String channel) {
        return inFlight.computeIfAbsent(channel, k -> new ConcurrentLinkedQueue<>());
    }

    /** What the current thread handles: its depth and chain's bytes, and the time it was handled per model. */
    private record Cause(long epoch, long timing, int depth, long pathBytes, double[] handled) {
    }

    /**
     * A message on its way: its depths, the bytes of its chain along threads, and per model the time it reaches its
     * receiver along threads and by node clocks.
     */
    private record Sent(int depth, int bound, long pathBytes, double[] arrives, double[] arrivesBound) {
    }

    private synchronized void noteChain(int depth, long bytes) {
        if (depth > deepest || depth == deepest && bytes > deepestBytes) {
            deepest = depth;
            deepestBytes = bytes;
        }
    }

    private synchronized void noteHandled(double[] handled, double[] handledBound) {
        for (int i = 0; i < latest.length; i++) {
            latest[i] = Math.max(latest[i], handled[i]);
            latestBound[i] = Math.max(latestBound[i], handledBound[i]);
        }
    }

    /** One node's view: its counters and clock. */
    private final class Node implements TrafficObserver {
        final int id;
        final AtomicLong framesSent = new AtomicLong();
        final AtomicLong bytesSent = new AtomicLong();
        final AtomicLong framesReceived = new AtomicLong();
        final AtomicLong bytesReceived = new AtomicLong();
        final AtomicInteger clock = new AtomicInteger();
        /** Per model, along threads and by node clocks: when the next send may start, the next receipt be handled. */
        final double[] sendFree = new double[models.size()];
        final double[] sendFreeBound = new double[models.size()];
        final double[] receiveFree = new double[models.size()];
        final double[] receiveFreeBound = new double[models.size()];
        /** Per model: the latest time this node handled a message, by node clocks. */
        final double[] handledBound = new double[models.size()];

        Node(int id) {
            this.id = id;
        }

        synchronized void restartTiming() {
            Arrays.fill(sendFree, 0);
            Arrays.fill(sendFreeBound, 0);
            Arrays.fill(receiveFree, 0);
            Arrays.fill(receiveFreeBound, 0);
            Arrays.fill(handledBound, 0);
        }

        void reset() {
            framesSent.set(0);
            bytesSent.set(0);
            framesReceived.set(0);
            bytesReceived.set(0);
            clock.set(0);
        }

        @Override
        public void sent(Connection connection, long frameBytes) {
            Cause h = handling.get();
            boolean current = h != null && h.epoch() == epoch;
            int depth = (current ? h.depth() : 0) + 1;
            long pathBytes = (current ? h.pathBytes() : 0) + frameBytes;
            int bound = clock.get() + 1;
            double[] arrives = new double[models.size()];
            double[] arrivesBound = new double[models.size()];
            boolean timed = h != null && h.timing() == timing;
            synchronized (this) {
                for (int i = 0; i < arrives.length; i++) {
                    LogGpParameters p = models.get(i);
                    double start = Math.max(timed ? h.handled()[i] : 0, sendFree[i]);
                    sendFree[i] = start + p.sendOccupancy(frameBytes);
                    arrives[i] = start + p.message(frameBytes);
                    double startBound = Math.max(handledBound[i], sendFreeBound[i]);
                    sendFreeBound[i] = startBound + p.sendOccupancy(frameBytes);
                    arrivesBound[i] = startBound + p.message(frameBytes);
                }
            }
            queue(channel(connection.local(), connection.remote()))
                    .add(new Sent(depth, bound, pathBytes, arrives, arrivesBound));
            noteChain(depth, pathBytes);
            maxDepth.accumulateAndGet(depth, Math::max);
            maxBound.accumulateAndGet(bound, Math::max);
            framesSent.incrementAndGet();
            bytesSent.addAndGet(frameBytes);
        }

        @Override
        public void received(Connection connection, long frameBytes) {
            Sent s = queue(channel(connection.remote(), connection.local())).poll();
            if (s == null) {
                unmatched.incrementAndGet();
            } else {
                double[] handled = new double[models.size()];
                double[] handledNow = new double[models.size()];
                synchronized (this) {
                    for (int i = 0; i < handled.length; i++) {
                        double g = models.get(i).gap();
                        handled[i] = Math.max(s.arrives()[i], receiveFree[i]);
                        receiveFree[i] = handled[i] + g;
                        handledNow[i] = Math.max(s.arrivesBound()[i], receiveFreeBound[i]);
                        receiveFreeBound[i] = handledNow[i] + g;
                        handledBound[i] = Math.max(handledBound[i], handledNow[i]);
                    }
                }
                noteHandled(handled, handledNow);
                handling.set(new Cause(epoch, timing, s.depth(), s.pathBytes(), handled));
                clock.accumulateAndGet(s.bound(), Math::max);
            }
            framesReceived.incrementAndGet();
            bytesReceived.addAndGet(frameBytes);
        }

        @Override
        public String toString() {
            return "node " + id;
        }
    }
}
