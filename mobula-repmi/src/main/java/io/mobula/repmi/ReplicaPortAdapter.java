package io.mobula.repmi;

import io.mobula.pool.PortInbound;
import io.mobula.rmi.NonBlocking;
import java.lang.System.Logger.Level;

/**
 * Routes RepMI's inbound messages; nothing escapes: a message that fails fails alone, logged and counted
 * ({@link PortInbound}; one-way calls have nobody to answer).
 *
 * <p>A write's payload and its order ({@link #publish}, {@link #order}, {@link #deliver}) are taken in on the thread
 * that received them (an order or a payload is first relayed to this replica's subtree, {@link OrderRelay})
 * ({@code @NonBlocking}, thesis 3.3.1): they only file the message under a short lock, so no thread is woken to take them in,
 * and a writer waiting for its own write receives its order itself ({@link RepmiRuntime#write}). The write whose turn
 * came runs without a hand-off where it can ({@link Delivery}): on the writer's own waiting thread, on the receive
 * thread after the message, or on the sequencer's thread after it took a write in. Everything that may wait
 * (sequencing, which may wait for the flow-control window; progress reports, which take the sequencer's lock; fail-over
 * and joins) runs on the runtime's threads as before.
 */
final class ReplicaPortAdapter implements ReplicaPort {
    private static final System.Logger LOG = System.getLogger(ReplicaPortAdapter.class.getName());
    private final RepmiRuntime rt;
    private final PortInbound inbound = new PortInbound(LOG);

    ReplicaPortAdapter(RepmiRuntime rt) {
        this.rt = rt;
    }

    @Override
    public void submit(RepmiMessages.Submit header, byte[] payload) {
        // this thread may block: the sequencer's own replica's write, should its turn come now, runs here afterwards
        Delivery.Here here = rt.delivery.enterHere();
        try {
            rt.sequencer.onSubmit(header, payload);
        } catch (Throwable t) {
            inbound.failed(Level.WARNING, "a write from pool rank " + header.origin() + " could not be sequenced", t);
        } finally {
            rt.delivery.leaveHere(here);
        }
    }

    @Override
    @NonBlocking
    public void publish(RepmiMessages.Submit header, byte[] payload, int[] relay) {
        try {
            if (relay != null) {
                // first: the subtree's replicas need not wait for this one
                rt.relay.relayPayload(header, payload, relay);
            }
            rt.delivery.onPayload(header, payload);
        } catch (Throwable t) {
            inbound.failed(Level.ERROR, "a write's payload from pool rank " + header.origin() + " could not be taken"
                    + " in", t);
        }
    }

    @Override
    @NonBlocking
    public void order(RepmiMessages.Deliver header, int[] relay) {
        try {
            if (relay != null && rt.delivery.claimRelay(header)) {
                rt.relay.relay(header, relay); // first: the subtree's replicas need not wait for this one
            }
            rt.delivery.onOrder(header);
        } catch (Throwable t) {
            inbound.failed(Level.ERROR, "write " + header.seq() + " could not be taken in; this replica stops in"
                    + " step", t);
        }
    }

    @Override
    @NonBlocking
    public void deliver(RepmiMessages.Deliver header, byte[] payload) {
        try {
            rt.delivery.onDeliver(header, payload);
        } catch (Throwable t) {
            inbound.failed(Level.ERROR, "write " + header.seq() + " could not be taken in; this replica stops in"
                    + " step", t);
        }
    }

    @Override
    public void progress(int rank, long seq, long budget) {
        rt.sequencer.onProgress(rank, seq, budget);
    }

    @Override
    public void install(int part, int parts, byte[] bytes) {
        try {
            rt.joins.install(part, parts, bytes);
        } catch (Throwable t) {
            // the join fails with it at once: the caller of Cloud.attach gets the reason
            inbound.failed(Level.DEBUG, "the snapshot for joining the replicas could not be installed", t);
            rt.joins.failed(new CloudException("joining the replicas failed: " + t.getMessage(), t));
        }
    }

    @Override
    public void joinRefused(String reason) {
        rt.joins.failed(new CloudException("joining the replicas was refused: " + reason));
    }

    @Override
    public long[] status(int epoch) {
        rt.protocolThread();
        return rt.delivery.status(epoch);
    }

    @Override
    public java.util.List<RepmiMessages.Entry> orders(long from, long to, int lost) {
        rt.protocolThread();
        java.util.List<RepmiMessages.Entry> entries = rt.sequencer.orders(from, to, lost);
        for (RepmiMessages.Entry e : entries) {
            if (e.payload() != null) {
                rt.stats.payloadSent(e.payload().length);
            }
        }
        return entries;
    }

    @Override
    public java.util.List<RepmiMessages.Entry> fetch(long from, long to) {
        rt.protocolThread();
        return rt.delivery.fetch(from, to);
    }

    @Override
    public byte[] payload(int origin, long call) {
        rt.protocolThread();
        byte[] p = rt.delivery.payload(origin, call);
        if (p != null) {
            rt.stats.payloadSent(p.length);
        }
        return p;
    }

    @Override
    public void redeliver(java.util.List<RepmiMessages.Entry> entries) {
        rt.protocolThread();
        for (RepmiMessages.Entry e : entries) {
            rt.delivery.onDeliver(e.header(), e.payload());
        }
    }

    @Override
    public void resume(int epoch, int sequencer, long last) {
        rt.protocolThread();
        rt.failover.resume(epoch, sequencer, last);
    }
}
