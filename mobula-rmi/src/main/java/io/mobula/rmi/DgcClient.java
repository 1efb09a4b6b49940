package io.mobula.rmi;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Client side of the lease-based distributed GC (thesis 2.4.3): for every remote object this process holds stubs
 * of, asks its owner for a lease (DIRTY), renews it periodically, and gives it up (CLEAN) when the last stub is
 * garbage collected.
 *
 * <p>Receiving a reference never opens a connection: the lease is taken over a connection to the owner's process
 * that already exists (normally the one the reference arrived on). A reference that came from a third process
 * takes its lease when the first call through it connects, just before that call goes out; until then the owner
 * keeps the object for whoever sent the reference (their lease, its export pin or its grace period). So a process
 * that only stores references, a registry, never connects to an address a reference names.
 */
final class DgcClient {
    private static final Cleaner CLEANER = Cleaner.create();

    private record Key(long vmId, long objectId) {
    }

    /** The stubs of one remote object held here, and the connection its lease was last sent over. */
    private static final class Lease {
        final AtomicInteger stubs = new AtomicInteger();
        volatile PeerConnection via;
    }

    private final RmiRuntime runtime;
    private final Map<Key, Lease> live = new ConcurrentHashMap<>();

    DgcClient(RmiRuntime runtime) {
        this.runtime = runtime;
    }

    /** A stub (of any kind) for a remote (not local) object was created. */
    void stubCreated(Object stub, RemoteRef ref) {
        Key k = new Key(ref.vmId, ref.objectId);
        Lease l = live.computeIfAbsent(k, x -> new Lease());
        if (l.stubs.getAndIncrement() == 0) {
            PeerConnection p = runtime.connectionTo(ref.vmId);
            if (p != null && p.isOpen()) {
                AsyncCompletion.run(() -> dirty(k, l, p)); // not on the receive thread, which may be decoding
            }
        }
        CLEANER.register(stub, () -> released(k));
    }

    /**
     * A call through {@code ref} found or opened connection {@code p} (the first call, or the first after a lost
     * connection): takes the lease over it now if it was not taken over {@code p} yet. Runs before the call is
     * sent, so the owner records the lease before it serves the call.
     */
    void connected(RemoteRef ref, PeerConnection p) {
        if (RmiRuntime.isRegistryId(ref.objectId)) {
            return;
        }
        Key k = new Key(ref.vmId, ref.objectId);
        Lease l = live.get(k);
        if (l != null && l.via != p) {
            dirty(k, l, p);
        }
    }

    private void released(Key k) {
        Lease l = live.get(k);
        if (l != null && l.stubs.decrementAndGet() == 0) {
            live.remove(k, l);
            PeerConnection p = l.via != null ? runtime.connectionTo(k.vmId) : null;
            if (p != null && p.isOpen()) {
                AsyncCompletion.run(() -> send(p, RmiProtocol.DGC_CLEAN, k.objectId));
            }
        }
    }

    /** Renews every lease whose owner this process is connected to (and takes deferred ones that can be now). */
    void renew() {
        for (Map.Entry<Key, Lease> e : live.entrySet()) {
            PeerConnection p = runtime.connectionTo(e.getKey().vmId);
            if (p != null && p.isOpen()) {
                dirty(e.getKey(), e.getValue(), p);
            }
        }
    }

    /** Whether this process holds a lease request for the object (taken or deferred); for tests. */
    boolean holds(long vmId, long objectId) {
        return live.containsKey(new Key(vmId, objectId));
    }

    private void dirty(Key k, Lease l, PeerConnection p) {
        if (send(p, RmiProtocol.DGC_DIRTY, k.objectId)) {
            l.via = p;
        }
    }

    private static boolean send(PeerConnection p, byte type, long objectId) {
        try {
            p.sendDgc(type, objectId);
            return true;
        } catch (IOException ignored) {
            // the connection is closing; the next call reconnects and takes the lease again
            return false;
        }
    }
}
