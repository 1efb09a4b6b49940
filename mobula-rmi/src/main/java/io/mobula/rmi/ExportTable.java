package io.mobula.rmi;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The objects this process exports, by object id, with their leases (lease-based DGC, thesis 2.4.3). An object is
 * held strongly while some peer holds an unexpired lease on it, or while it is pinned (explicit export, or a grace
 * period of one lease after export so a reference in flight can reach its receiver); otherwise only weakly, so
 * the local garbage collector may take it, as java.rmi does.
 */
final class ExportTable {
    final class Exported {
        final long objectId;
        final Dispatcher dispatcher;
        final RemoteRef ref;
        private final WeakReference<Object> weak;
        private volatile Object strong;
        private final Map<Long, Long> leases = new ConcurrentHashMap<>(); // vm id -> expiry (nanoTime)
        volatile long graceUntil;
        volatile boolean pinned;
        final int[] flagsOverride;

        Exported(long objectId, Object target, Dispatcher dispatcher, RemoteRef ref, boolean pinned, int[] flags) {
            this.objectId = objectId;
            this.dispatcher = dispatcher;
            this.ref = ref;
            this.weak = new WeakReference<>(target);
            this.strong = target;
            this.pinned = pinned;
            this.flagsOverride = flags;
            this.graceUntil = System.nanoTime() + leaseNanos;
        }

        Object target() {
            Object s = strong;
            return s != null ? s : weak.get();
        }

        int flags(int methodId) {
            int f = dispatcher.methodFlags(methodId);
            return flagsOverride != null ? f | flagsOverride[methodId] : f;
        }

        /** Re-evaluates whether the object must be held strongly; returns false once it is gone. */
        boolean refresh(long now) {
            leases.values().removeIf(expiry -> expiry - now < 0);
            boolean keep = pinned || !leases.isEmpty() || graceUntil - now > 0;
            if (keep) {
                if (strong == null) {
                    strong = weak.get();
                }
                return strong != null;
            }
            strong = null;
            return weak.get() != null;
        }
    }

    private final Map<Long, Exported> byId = new ConcurrentHashMap<>();
    /** Weak identity keys: the table must not keep an unreferenced object alive. */
    private static final class Key extends WeakReference<Object> {
        private final int hash;

        Key(Object o) {
            super(o);
            hash = System.identityHashCode(o);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && (k == this || (k.get() == get() && get() != null));
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final Map<Key, Exported> byTarget = new ConcurrentHashMap<>();
    /**
     * Object ids start at a random point per process incarnation (java.rmi's ObjID carries a VM-unique id the same
     * way): a stub kept from a process that died never reaches whatever object a new process on the same port
     * exported under the same number; it gets NoSuchObjectException. Id 0 is the registry's well-known id.
     */
    private final AtomicLong nextId = new AtomicLong((new java.security.SecureRandom().nextLong() >>> 2) | 1L << 40);
    final long leaseNanos;

    ExportTable(long leaseNanos) {
        this.leaseNanos = leaseNanos;
    }

    long newId() {
        return nextId.getAndIncrement();
    }

    synchronized Exported add(Object target, Exported e) {
        byId.put(e.objectId, e);
        byTarget.put(new Key(target), e);
        return e;
    }

    synchronized Exported forTarget(Object target) {
        return byTarget.get(new Key(target));
    }

    Exported find(long objectId) {
        return byId.get(objectId);
    }

    synchronized boolean remove(Object target) {
        Exported e = byTarget.remove(new Key(target));
        if (e == null) {
            return false;
        }
        byId.remove(e.objectId);
        return true;
    }

    void dirty(long objectId, long vmId) {
        Exported e = byId.get(objectId);
        if (e != null) {
            e.leases.put(vmId, System.nanoTime() + leaseNanos);
            e.refresh(System.nanoTime());
        }
    }

    void clean(long objectId, long vmId) {
        Exported e = byId.get(objectId);
        if (e != null) {
            e.leases.remove(vmId);
        }
    }

    /** A peer process is gone: its leases go with it. */
    void peerGone(long vmId) {
        for (Exported e : byId.values()) {
            e.leases.remove(vmId);
        }
    }

    /** Drops expired leases and unexports objects nobody holds any more. */
    void sweep() {
        long now = System.nanoTime();
        for (Exported e : byId.values()) {
            if (!e.refresh(now)) {
                synchronized (this) {
                    byId.remove(e.objectId);
                    byTarget.values().remove(e);
                }
            }
        }
    }

    int size() {
        return byId.size();
    }
}
