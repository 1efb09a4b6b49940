package io.mobula.rmi;

import io.mobula.transport.Connection;
import io.mobula.transport.Progress;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Lets a thread that waits for messages from a few peer processes drive their progress itself (MPI's rule, the
 * Manta runtime's polling, thesis 3.3.3): it reads and delivers the frames of its connections to those processes on
 * its own thread for a short window, so that a message handled where it arrives (a method marked
 * {@link NonBlocking}) completes the wait with no thread woken. Made once per set of peers (a group's members, a
 * cloud's sequencer) by a layer above RMI; {@link #receiveUntil} allocates nothing while the peers' connections stay
 * the same.
 *
 * <p>Only processes this process is connected to are polled; a peer reached later (or again, after a lost
 * connection, or over shared memory after the upgrade) is picked up by the next wait. Thread-safe.
 */
public final class PeerProgress {
    private final RmiRuntime runtime;
    /** The peers' VM ids, sorted. */
    private final long[] vms;
    private final long windowNanos;
    /** The inbound connections found last, and {@link RmiRuntime#peerChanges()} when they were found. */
    private volatile Found found = new Found(List.of(), Integer.MIN_VALUE);

    private record Found(List<Connection> connections, int changes) {
    }

    PeerProgress(RmiRuntime runtime, long[] vms, long windowNanos) {
        this.runtime = runtime;
        this.vms = vms;
        this.windowNanos = windowNanos;
    }

    /**
     * For stubs of remote objects in the peer processes (objects of this process and local objects are skipped);
     * the window is the runtime's {@linkplain RmiConfig#pollWindow() poll window}.
     */
    static PeerProgress of(RmiRuntime rt, List<? extends Remote> stubs) {
        long[] vms = stubs.stream().map(Stubs::refOf).filter(r -> r != null && r.vmId != rt.vmId)
                .mapToLong(r -> r.vmId).distinct().sorted().toArray();
        return new PeerProgress(rt, vms, rt.config.pollWindow().toNanos());
    }

    /**
     * Reads and delivers frames from the peers on the calling thread until {@code done} is true or the poll window
     * passed; returns whether {@code done} became true. Returns at once when there is nothing to poll (no peer
     * connected, a window of 0, or the calling thread is itself delivering a frame of every such connection); the
     * caller then waits as it would have without this. Never throws for a connection's failure: that connection's
     * close settles what waits for it.
     */
    public boolean receiveUntil(BooleanSupplier done) {
        if (done.getAsBoolean()) {
            return true;
        }
        if (windowNanos <= 0 || vms.length == 0) {
            return false;
        }
        List<Connection> cs = current();
        return !cs.isEmpty() && Progress.receiveUntil(cs, done, windowNanos);
    }

    /** The peers' inbound connections now: the list found last unless a peer connection changed since. */
    private List<Connection> current() {
        int changes = runtime.peerChanges();
        Found f = found;
        if (f.changes() == changes) {
            return f.connections();
        }
        List<Connection> all = new ArrayList<>();
        runtime.inboundFrom(vms, all);
        List<Connection> list = List.copyOf(all.size() > Progress.MAX_CONNECTIONS
                ? all.subList(0, Progress.MAX_CONNECTIONS) : all);
        found = new Found(list, changes);
        return list;
    }
}
