package io.mobula.repmi;

import io.mobula.repmi.RepmiMessages.Deliver;
import io.mobula.repmi.spi.CloudClassInfo;
import io.mobula.repmi.spi.CloudSkeleton;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Joining the replicas (beyond the thesis; docs/REPMI.md): at a JOIN's slot the sequencer's replica, holding the turn,
 * sends the joiner a snapshot of every cloud ({@link SnapshotCodec}, in parts of at most {@link #SNAPSHOT_PART}
 * bytes), or the reason it cannot; the joiner installs the snapshot, or fails its join at once with the reason.
 */
final class Joins {
    private static final System.Logger LOG = System.getLogger(Joins.class.getName());
    /** A snapshot travels in parts of at most this many bytes (well below a transport's frame limit). */
    static final int SNAPSHOT_PART = 4 << 20;
    /** At most this many parts: a snapshot up to 2 GiB, the size of one array. */
    static final int MAX_SNAPSHOT_PARTS = (Integer.MAX_VALUE - 8) / SNAPSHOT_PART;
    private final RepmiRuntime rt;
    /** The parts of the snapshot this joiner is receiving. */
    private byte[][] parts;
    private int partsIn;
    private volatile Throwable failure;

    Joins(RepmiRuntime rt) {
        this.rt = rt;
    }

    /**
     * A JOIN reached its turn here: the joiner becomes a member everywhere; the sequencer's replica sends it the
     * state as of this point (no other write runs meanwhile: the JOIN holds the turn), or why it cannot.
     */
    void onJoin(Deliver d) {
        rt.delivery.addMember(d.origin());
        if (rt.pool.rank() != rt.failover.sequencer() || d.origin() == rt.pool.rank()) {
            return;
        }
        int blocked = rt.scheduler.blocked(); // later writes have not started: the JOIN holds the lowest turn
        String refusal = null;
        byte[] bytes = null;
        if (blocked > 0) {
            refusal = "pool rank " + d.origin() + " cannot join the replicas while " + blocked + " write(s) wait in"
                    + " cloudWait (their threads cannot be copied); join before blocking writes";
        } else {
            List<RepmiMessages.CloudState> cs = new ArrayList<>();
            for (Replica r : rt.replicas()) {
                cs.add(new RepmiMessages.CloudState(r.id, r.name, r.rootInterface.getName(), r.hashes.get(), r.root));
            }
            int[] m = rt.delivery.members().stream().mapToInt(Integer::intValue).toArray();
            try {
                bytes = SnapshotCodec.encode(new RepmiMessages.Snapshot(d.seq(), rt.delivery.applied(), m,
                        rt.delivery.takenWrites(), cs), rt.serialization);
                if (bytes.length > (long) SNAPSHOT_PART * MAX_SNAPSHOT_PARTS) {
                    refusal = "the snapshot of the clouds takes " + bytes.length + " bytes, more than a join carries ("
                            + (long) SNAPSHOT_PART * MAX_SNAPSHOT_PARTS + ")";
                }
            } catch (CloudException e) {
                refusal = "the snapshot for pool rank " + d.origin() + " cannot be made: " + e.getMessage();
            }
        }
        RepmiRuntime.PROTOCOL.set(Boolean.TRUE);
        try {
            ReplicaPort joiner = rt.port(d.origin());
            if (refusal != null) {
                LOG.log(Level.WARNING, "RepMI: pool rank {0} is refused as a replica: {1}", d.origin(), refusal);
                joiner.joinRefused(refusal);
            } else {
                int n = Math.max(1, (bytes.length + SNAPSHOT_PART - 1) / SNAPSHOT_PART);
                for (int p = 0; p < n; p++) {
                    int from = p * SNAPSHOT_PART;
                    joiner.install(p, n, Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + SNAPSHOT_PART)));
                }
            }
        } catch (RemoteException | CloudException e) {
            LOG.log(Level.WARNING, "the snapshot for joining pool rank {0} could not be sent: {1}", d.origin(),
                    e.getMessage());
        } finally {
            RepmiRuntime.PROTOCOL.remove();
        }
    }

    /**
     * The joiner takes in part {@code part} of {@code count} of its snapshot; with the last part in, it installs the
     * state of every cloud, then applies the writes from its JOIN on.
     *
     * @throws CloudException when the parts do not fit together or the snapshot is refused ({@link SnapshotCodec})
     */
    void install(int part, int count, byte[] bytes) {
        byte[] whole;
        synchronized (this) {
            if (rt.delivery.isReady()) {
                LOG.log(Level.DEBUG, "a snapshot part for a replica that has its state was dropped");
                return;
            }
            if (count < 1 || count > MAX_SNAPSHOT_PARTS || part < 0 || part >= count || bytes == null
                    || bytes.length > SNAPSHOT_PART || (parts != null && parts.length != count)
                    || (parts != null && parts[part] != null)) {
                throw new CloudException("a snapshot part " + part + " of " + count + " (" + (bytes == null ? 0
                        : bytes.length) + " bytes) does not fit the snapshot being received");
            }
            if (parts == null) {
                parts = new byte[count][];
            }
            parts[part] = bytes;
            if (++partsIn < count) {
                return;
            }
            long total = 0;
            for (byte[] b : parts) {
                total += b.length;
            }
            whole = new byte[(int) total];
            int at = 0;
            for (byte[] b : parts) {
                System.arraycopy(b, 0, whole, at, b.length);
                at += b.length;
            }
            parts = null;
        }
        install(SnapshotCodec.decode(whole, rt.serialization, io.mobula.rmi.Rmi.config().decoding().classFilter(),
                loader()));
    }

    /** The loader values from peers resolve with, not the calling thread's (a pool thread's may be another). */
    private ClassLoader loader() {
        return rt.serialization.classLoader();
    }

    private void install(RepmiMessages.Snapshot snap) {
        List<Replica> replicas = new ArrayList<>();
        for (RepmiMessages.CloudState c : snap.clouds()) {
            Class<?> iface;
            try {
                iface = Class.forName(c.rootInterface(), false, loader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw new CloudException("cloud '" + c.name() + "' has interface " + c.rootInterface() + ", which this"
                        + " process cannot load", e);
            }
            if (!Root.class.isAssignableFrom(iface) || !iface.isInstance(c.root())) {
                throw new CloudException("a snapshot is refused: the root of cloud '" + c.name() + "' is not a "
                        + c.rootInterface() + " replication interface");
            }
            CloudSkeleton sk = Generated.skeleton(iface);
            CloudClassInfo info = Generated.classInfo(c.root().getClass());
            boolean[] reads = new boolean[sk.methods().size()];
            for (int i = 0; i < reads.length; i++) {
                reads[i] = Generated.isRead(info, sk.methods().get(i));
            }
            replicas.add(new Replica(c.id(), c.name(), c.root(), iface, sk, reads, new AtomicLong(c.hashes())));
        }
        WriteIds.check(snap.writers());
        for (Replica r : replicas) {
            rt.register(r);
        }
        rt.delivery.installed(snap);
    }

    /** The join of this process failed: its JOIN returns {@code t} at once. */
    void failed(Throwable t) {
        failure = t;
        rt.failWrites(RepmiMessages.JOIN, t);
    }

    /** Why the join of this process failed, or null. */
    Throwable failure() {
        return failure;
    }
}
