package io.mobula.rmi;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Client side of the lease-based distributed GC (thesis 2.4.3): for every remote object this process holds stubs
 * of, asks its owner for a lease (DIRTY) when the first stub arrives, renews it periodically, and gives it up
 * (CLEAN) when the last stub is garbage collected.
 */
final class DgcClient {
    private static final Cleaner CLEANER = Cleaner.create();

    private record Key(long vmId, long objectId) {
    }

    private final RmiRuntime runtime;
    private final Map<Key, AtomicInteger> live = new ConcurrentHashMap<>();

    DgcClient(RmiRuntime runtime) {
        this.runtime = runtime;
    }

    /** A stub for a remote (not local) object was created. */
    void stubCreated(RemoteStub stub, RemoteRef ref) {
        Key k = new Key(ref.vmId, ref.objectId);
        AtomicInteger n = live.computeIfAbsent(k, x -> new AtomicInteger());
        if (n.getAndIncrement() == 0) {
            AsyncCompletion.run(() -> send(k, RmiProtocol.DGC_DIRTY, ref));
        }
        CLEANER.register(stub, () -> released(k, ref));
    }

    private void released(Key k, RemoteRef ref) {
        AtomicInteger n = live.get(k);
        if (n != null && n.decrementAndGet() == 0) {
            live.remove(k, n);
            AsyncCompletion.run(() -> send(k, RmiProtocol.DGC_CLEAN, ref));
        }
    }

    /** Renews every lease still held. */
    void renew() {
        for (Key k : live.keySet()) {
            PeerConnection p = runtime.connectionTo(k.vmId);
            if (p != null && p.isOpen()) {
                try {
                    p.sendDgc(RmiProtocol.DGC_DIRTY, k.objectId);
                } catch (IOException ignored) {
                    // the connection is closing; the next call reconnects and the next renewal goes through
                }
            }
        }
    }

    private void send(Key k, byte type, RemoteRef ref) {
        try {
            CallChannel ch = runtime.channelFor(ref);
            if (ch instanceof PeerConnection p) {
                p.sendDgc(type, k.objectId);
            }
        } catch (IOException ignored) {
            // unreachable owner: its lease simply expires
        }
    }
}
