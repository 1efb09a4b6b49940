package io.mobula.bench.scale;

import io.mobula.transport.Connection;
import io.mobula.transport.Endpoint;
import io.mobula.transport.TrafficObserver;
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
 */
final class Traffic {
    private final Node[] nodes;
    private final ConcurrentHashMap<String, Queue<long[]>> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger maxDepth = new AtomicInteger();
    private final AtomicInteger maxBound = new AtomicInteger();
    /** Counts resets: a thread's depth noted before the last reset is 0. */
    private volatile long epoch;
    /**
     * The depth of the message the current thread handles (or last handled), and the epoch it was noted in; threads
     * a handler starts inherit it (the RMI runtime runs a call that may block on a virtual thread started for it).
     */
    private final InheritableThreadLocal<long[]> handling = new InheritableThreadLocal<>();
    /** Frames received with no depth recorded for their channel: would make depths wrong; must stay 0. */
    private final AtomicLong unmatched = new AtomicLong();

    Traffic(int nodes) {
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
        epoch++;
    }

    /** Frames still sent and not received (0 on a quiet cluster). */
    long inFlight() {
        long s = 0;
        for (Queue<long[]> q : inFlight.values()) {
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

    private Queue<long[]> queue(String channel) {
        return inFlight.computeIfAbsent(channel, k -> new ConcurrentLinkedQueue<>());
    }

    /** One node's view: its counters and clock. */
    private final class Node implements TrafficObserver {
        final int id;
        final AtomicLong framesSent = new AtomicLong();
        final AtomicLong bytesSent = new AtomicLong();
        final AtomicLong framesReceived = new AtomicLong();
        final AtomicLong bytesReceived = new AtomicLong();
        final AtomicInteger clock = new AtomicInteger();

        Node(int id) {
            this.id = id;
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
            long[] h = handling.get();
            int depth = (h != null && h[0] == epoch ? (int) h[1] : 0) + 1;
            int bound = clock.get() + 1;
            queue(channel(connection.local(), connection.remote())).add(new long[] {depth, bound});
            maxDepth.accumulateAndGet(depth, Math::max);
            maxBound.accumulateAndGet(bound, Math::max);
            framesSent.incrementAndGet();
            bytesSent.addAndGet(frameBytes);
        }

        @Override
        public void received(Connection connection, long frameBytes) {
            long[] depth = queue(channel(connection.remote(), connection.local())).poll();
            if (depth == null) {
                unmatched.incrementAndGet();
            } else {
                handling.set(new long[] {epoch, depth[0]});
                clock.accumulateAndGet((int) depth[1], Math::max);
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
