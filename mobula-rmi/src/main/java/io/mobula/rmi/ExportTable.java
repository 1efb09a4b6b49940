package io.mobula.rmi;

import io.mobula.transport.Endpoint;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The objects this process exports, by object id, with their leases (lease-based DGC, thesis 2.4.3). An object is
 * held strongly while some peer holds an unexpired lease on it, while it is pinned (explicit export), or during a
 * grace period so a reference in flight can reach its receiver; otherwise only weakly, so the local garbage
 * collector may take it, as java.rmi does.
 *
 * <p>The grace period lasts one lease from the export and from every reference to the object written for another
 * process ({@link #sent}), and ends early once every such reference was acknowledged: a peer that takes a new lease
 * (its first DIRTY) acknowledges one. This is java.rmi's DGC acknowledgement (the caller pins the objects of a result
 * until the receiver acknowledges it) without a message of its own. So an object handed out once and dropped by its
 * receiver (CLEAN) is released at once rather than a lease later; a server handing out one object per call keeps
 * only the objects its clients still hold. A reference sent to a process that already holds a lease on the object
 * takes no new lease and acknowledges nothing: that object keeps its grace period to the end, as before.
 */
final class ExportTable {
    final class Exported {
        final long objectId;
        /** The dispatcher of the first remote interface; null for an object that is only a {@code Remote}. */
        final Dispatcher dispatcher;
        /** One dispatcher per remote interface, in the reference's order; the call's interface hash selects. */
        private final Dispatcher[] dispatchers;
        private final List<StubFactory> factories;
        final RemoteRef ref;
        private final WeakReference<Object> weak;
        /** Its key in {@code byTarget}, so it can be removed in O(1) once the target was collected. */
        private Key key;
        private volatile Object strong;
        private final Map<Long, Long> leases = new ConcurrentHashMap<>(); // vm id -> expiry (nanoTime)
        /** Whether some peer held a lease since the last {@link java.rmi.server.Unreferenced} notice. */
        private final java.util.concurrent.atomic.AtomicBoolean referenced = new java.util.concurrent.atomic.AtomicBoolean();
        /** References written for other processes and not yet acknowledged by a new lease. */
        private final AtomicLong inFlight = new AtomicLong();
        /** Whether a reference was ever written for another process. */
        private volatile boolean sent;
        volatile long graceUntil;
        volatile boolean pinned;
        /** Set once it left the table (unexported or collected): a {@link CallTarget} that remembered it looks again. */
        volatile boolean removed;
        /** Per interface, the flags the processor proved for the implementation class, or null. */
        private final int[][] flagsOverride;

        /**
         * @param factories one per remote interface of {@code target}, in {@code ref}'s order
         * @param flags     per interface, extra method flags, or null (as a whole or per interface)
         */
        Exported(long objectId, Object target, List<StubFactory> factories, RemoteRef ref, boolean pinned,
                 int[][] flags) {
            this.objectId = objectId;
            this.factories = List.copyOf(factories);
            this.dispatchers = new Dispatcher[factories.size()];
            for (int i = 0; i < dispatchers.length; i++) {
                dispatchers[i] = factories.get(i).dispatcher;
            }
            this.dispatcher = dispatchers.length == 0 ? null : dispatchers[0];
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

        /**
         * The dispatcher of the remote interface whose method hash a call names; the first interface's dispatcher
         * when none matches, so the caller's hash check reports the mismatch; null when it has no interface.
         */
        Dispatcher dispatcherFor(long interfaceHash) {
            Dispatcher[] ds = dispatchers;
            if (ds.length == 0) {
                return null;
            }
            for (int i = 1; i < ds.length; i++) {
                if (ds[i].interfaceHash() == interfaceHash) {
                    return ds[i];
                }
            }
            return ds[0];
        }

        /** The flags of method {@code methodId} of the first interface. */
        int flags(int methodId) {
            return flags(dispatcher, methodId);
        }

        /** The flags of method {@code methodId} of {@code d}'s interface (one of this object's dispatchers). */
        int flags(Dispatcher d, int methodId) {
            int f = d.methodFlags(methodId);
            if (flagsOverride != null) {
                for (int i = 0; i < dispatchers.length; i++) {
                    if (dispatchers[i] == d) {
                        int[] o = flagsOverride[i];
                        return o != null ? f | o[methodId] : f;
                    }
                }
            }
            return f;
        }

        /**
         * After a lease ended: once no peer holds one any more, an object that implements
         * {@link java.rmi.server.Unreferenced} is told so, on a thread of its own, as java.rmi does (the object stays
         * exported; a later reference makes it referenced again).
         */
        void leasesChanged() {
            if (leases.isEmpty() && referenced.compareAndSet(true, false)
                    && target() instanceof java.rmi.server.Unreferenced u) {
                Thread.ofPlatform().daemon().name("mobula-unreferenced-" + objectId).start(() -> {
                    try {
                        u.unreferenced();
                    } catch (Throwable t) {
                        System.getLogger(ExportTable.class.getName()).log(System.Logger.Level.WARNING,
                                "unreferenced() of " + u.getClass().getName() + " threw", t);
                    }
                });
            }
        }

        /** A new client stub for this object, which keeps it reachable (local DGC). */
        Remote stub() {
            Object t = target();
            return Stubs.newStub(ref.withLocalTarget(t), factories);
        }

        /**
         * Re-evaluates whether the object must be held strongly; returns false once it is gone. Synchronized: a
         * DIRTY must not see its object dropped by a concurrent CLEAN or sweep that looked at the leases before it.
         */
        synchronized boolean refresh(long now) {
            if (leases.values().removeIf(expiry -> expiry - now < 0)) {
                leasesChanged();
            }
            boolean grace = graceUntil - now > 0 && (!sent || inFlight.get() > 0);
            boolean keep = pinned || !leases.isEmpty() || grace;
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

        /** A key to look an object up with. */
        Key(Object o) {
            this(o, null);
        }

        /** A key of the table, queued on {@code queue} once its object was collected. */
        Key(Object o, ReferenceQueue<Object> queue) {
            super(o, queue);
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
    /** The keys of collected objects, so their entries leave the table at once ({@link #expunge}). */
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
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

    /**
     * Exports {@code impl} under {@code id}, served as each of its remote interfaces, with references that name
     * {@code endpoints} and carry {@code csf} (or null).
     *
     * @throws ExportException when the id is taken
     * @throws java.rmi.StubNotFoundException  when an interface has no generated stub and dispatcher
     */
    synchronized Exported exportNew(Remote impl, long id, long vmId, List<Endpoint> endpoints,
                                    RMIClientSocketFactory csf, boolean pinned) throws RemoteException {
        List<Class<?>> interfaces = StubFactory.remoteInterfacesOf(impl.getClass());
        List<StubFactory> factories = Stubs.factoriesFor(interfaces);
        if (find(id) != null) {
            throw new ExportException("internal error: ObjID already in use"); // java.rmi's words
        }
        List<String> names = new ArrayList<>(factories.size());
        long[] hashes = new long[factories.size()];
        int[][] flags = new int[factories.size()][];
        boolean anyFlags = false;
        for (int i = 0; i < hashes.length; i++) {
            StubFactory f = factories.get(i);
            names.add(f.remoteInterface.getName());
            hashes[i] = f.dispatcher.interfaceHash();
            flags[i] = ImplementationFlagsLoader.flagsFor(impl.getClass(), f.dispatcher);
            anyFlags |= flags[i] != null;
        }
        RemoteRef ref = new RemoteRef(vmId, id, endpoints, names, hashes, null, csf);
        return add(impl, new Exported(id, impl, factories, ref, pinned, anyFlags ? flags : null));
    }

    synchronized Exported add(Object target, Exported e) {
        e.key = new Key(target, collected);
        byId.put(e.objectId, e);
        byTarget.put(e.key, e);
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
        e.removed = true;
        return true;
    }

    /**
     * A reference to the object was written for another process: it is held for a lease from now, or until a new
     * lease acknowledges it (class comment).
     */
    void sent(long objectId) {
        Exported e = byId.get(objectId);
        if (e != null) {
            long now = System.nanoTime();
            e.inFlight.incrementAndGet(); // before sent: a refresh that sees sent sees the reference in flight
            e.graceUntil = now + leaseNanos;
            e.sent = true;
            e.refresh(now); // held strongly again if it was only weakly held: the sender may drop it after the write
        }
    }

    void dirty(long objectId, long vmId) {
        Exported e = byId.get(objectId);
        if (e != null) {
            long now = System.nanoTime();
            if (e.leases.put(vmId, now + leaseNanos) == null) { // a new lease acknowledges a reference in flight
                e.inFlight.getAndUpdate(n -> n > 0 ? n - 1 : 0);
            }
            e.referenced.set(true);
            e.refresh(now);
        }
    }

    /** The peer holds no more stubs: its lease ends, and with no other hold the object is only weakly held now. */
    void clean(long objectId, long vmId) {
        Exported e = byId.get(objectId);
        if (e != null && e.leases.remove(vmId) != null) {
            e.leasesChanged();
            e.refresh(System.nanoTime());
        }
    }

    /** A peer process is gone: its leases go with it. */
    void peerGone(long vmId) {
        for (Exported e : byId.values()) {
            if (e.leases.remove(vmId) != null) {
                e.leasesChanged();
            }
        }
    }

    /** Drops expired leases and unexports objects nobody holds any more; returns those (usually none). */
    List<Exported> sweep() {
        long now = System.nanoTime();
        List<Exported> gone = expunge();
        for (Exported e : byId.values()) {
            if (!e.refresh(now)) {
                synchronized (this) {
                    if (!byId.remove(e.objectId, e)) {
                        continue; // expunged meanwhile
                    }
                    e.removed = true;
                    // by its key, not byTarget.values().remove(e): that scans the whole table per entry, and a
                    // sweep freeing many objects at once took quadratic time holding the table's lock
                    byTarget.remove(e.key, e);
                }
                if (gone.isEmpty()) {
                    gone = new ArrayList<>();
                }
                gone.add(e);
            }
        }
        return gone;
    }

    /**
     * Removes the entries of objects the garbage collector took since the last call, and returns them (usually none).
     * Called at every export and sweep, so a process that exports objects continually (one per call) keeps no
     * entries of collected ones beyond its next export, rather than until the next sweep.
     */
    synchronized List<Exported> expunge() {
        List<Exported> gone = List.of();
        for (Reference<?> r; (r = collected.poll()) != null; ) {
            Exported e = byTarget.remove(r); // a Key equals itself after its object was collected
            if (e != null && byId.remove(e.objectId, e)) {
                e.removed = true;
                if (gone.isEmpty()) {
                    gone = new ArrayList<>();
                }
                gone.add(e);
            }
        }
        return gone;
    }

    int size() {
        return byId.size();
    }
}
