package io.mobula.gmi;

import io.mobula.gmi.spi.GroupSkeleton;
import io.mobula.gmi.spi.GroupStub;
import io.mobula.gmi.spi.GroupInvoker;
import io.mobula.pool.PoolException;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Creating, joining and finding groups (thesis 5.4.2) through the pool's directory, which plays the thesis's central
 * group registry: a group entry names the interface and size; each member publishes where it lives under its rank
 * (the first claim of a rank wins); a group is complete when every rank is published. Generated classes are found
 * once per interface, by name.
 */
final class GroupRegistry {
    private static final ConcurrentHashMap<Class<?>, GroupSkeleton> SKELETONS = new ConcurrentHashMap<>();

    private GroupRegistry() {
    }

    static GroupSkeleton skeleton(Class<?> type) {
        return SKELETONS.computeIfAbsent(type, t -> {
            String name = generatedName(t, "_MobulaGroupSkeleton");
            try {
                Class<?> c = Class.forName(name, true, t.getClassLoader());
                return (GroupSkeleton) c.getConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new GroupException("no generated GMI code for " + t.getName() + " (" + name + " is missing):"
                        + " compile the group interface with mobula-processor on the annotation-processor path", e);
            }
        });
    }

    /** The naming contract of the processor: p.Outer$Inner -> p.Outer_Inner + suffix. */
    static String generatedName(Class<?> t, String suffix) {
        String n = t.getName();
        int dot = n.lastIndexOf('.');
        return n.substring(0, dot + 1) + n.substring(dot + 1).replace('$', '_') + suffix;
    }

    static void create(GmiRuntime rt, String name, Class<?> type, int size) {
        checkName(name);
        if (type == null || !type.isInterface() || !GroupInterface.class.isAssignableFrom(type)) {
            throw new ConfigurationException("group '" + name + "': " + type + " is not an interface extending"
                    + " GroupInterface");
        }
        if (size < 1) {
            throw new ConfigurationException("group '" + name + "': size " + size + " must be at least 1");
        }
        GroupSkeleton sk = skeleton(type);
        Directory.GroupEntry mine = new Directory.GroupEntry(name, type.getName(), size, sk.interfaceHash());
        Serializable old;
        try {
            old = rt.pool.publish(Directory.group(name), mine);
        } catch (PoolException e) {
            throw new GroupException("group '" + name + "' cannot be created: " + e.getMessage(), e);
        }
        if (old != null && !old.equals(mine)) {
            throw new ConfigurationException("group '" + name + "' exists already as " + old + "; cannot create it as "
                    + mine);
        }
    }

    private static void checkName(String name) {
        if (name == null || name.isEmpty() || name.contains("/")) {
            throw new ConfigurationException("group name '" + name + "' must be non-empty and contain no '/'");
        }
    }

    private static Directory.GroupEntry entry(GmiRuntime rt, String name, Duration timeout) {
        checkName(name);
        String key = Directory.group(name);
        try {
            return (Directory.GroupEntry) rt.pool.await(List.of(key), timeout).get(key);
        } catch (PoolException e) {
            throw new GroupException("group '" + name + "' was not created within " + timeout.toMillis() + " ms"
                    + " (Group.create makes it): " + e.getMessage(), e);
        }
    }

    private static Class<?> type(Directory.GroupEntry e) {
        try {
            // the loader values from peers resolve with, not the calling thread's (a pool thread's may be another)
            return Class.forName(e.type(), false, io.mobula.rmi.Rmi.serialization().classLoader());
        } catch (ClassNotFoundException ex) {
            throw new GroupException("group '" + e.name() + "' has interface " + e.type() + ", which this process"
                    + " cannot load", ex);
        }
    }

    static void join(GmiRuntime rt, String name, GroupMember member, int rank, Duration timeout) {
        if (member == null) {
            throw new ConfigurationException("group '" + name + "': the member is null");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Directory.GroupEntry g = entry(rt, name, timeout);
        Class<?> type = type(g);
        if (!type.isInstance(member)) {
            throw new ConfigurationException("group '" + name + "' has interface " + type.getName() + ", which "
                    + member.getClass().getName() + " does not implement");
        }
        GroupSkeleton sk = skeleton(type);
        if (sk.interfaceHash() != g.interfaceHash()) {
            throw new ConfigurationException("group '" + name + "': " + type.getName() + " differs from the one the"
                    + " group was created with (its generated code has another interface hash); rebuild both");
        }
        if (rank < -1 || rank >= g.size()) {
            throw new ConfigurationException("group '" + name + "': rank " + rank + " is outside 0.." + (g.size() - 1));
        }
        member.reserve(name);
        LocalMember lm = null;
        try {
            int claimed = -1;
            for (int r = rank < 0 ? 0 : rank; r < (rank < 0 ? g.size() : rank + 1) && claimed < 0; r++) {
                LocalMember candidate = new LocalMember(member, sk, name, r);
                if (rt.members.putIfAbsent(new GmiRuntime.MemberKey(name, r), candidate) != null) {
                    continue; // another member of this process holds it
                }
                Directory.MemberEntry me = new Directory.MemberEntry(r, rt.pool.rank(), member.getClass().getName());
                Serializable old = rt.pool.publish(Directory.member(name, r), me);
                if (old == null) {
                    claimed = r;
                    lm = candidate;
                } else {
                    rt.members.remove(new GmiRuntime.MemberKey(name, r), candidate);
                }
            }
            if (claimed < 0) {
                throw new ConfigurationException("group '" + name + "': " + (rank < 0 ? "all " + g.size()
                        + " ranks are taken" : "rank " + rank + " is taken"));
            }
            GroupView v = view(rt, g, type, sk, claimed,
                    Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            member.complete(claimed, g.size());
            lm.size = g.size();
            try {
                member.groupInit();
            } finally {
                lm.markReady();
            }
            rt.views.putIfAbsent(name, v);
        } catch (PoolException e) {
            if (lm != null) {
                rt.members.remove(new GmiRuntime.MemberKey(name, lm.rank), lm);
            }
            member.release();
            throw new GroupException("group '" + name + "': joining failed: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            if (lm != null && !lm.isReady()) {
                rt.members.remove(new GmiRuntime.MemberKey(name, lm.rank), lm);
            }
            member.release();
            throw e;
        }
    }

    /**
     * Waits until the group is complete and returns it as this process sees it. Member 0 ({@code memberRank} 0)
     * awaits every rank's entry and publishes the group's {@link Directory.ViewEntry}; every other member and every
     * process that only looks the group up awaits that one entry (thesis 5.4.2's registry, with the roll call done
     * once instead of by each of the N members).
     */
    private static GroupView view(GmiRuntime rt, Directory.GroupEntry g, Class<?> type, GroupSkeleton sk,
            int memberRank, Duration timeout) throws PoolException {
        GroupView known = rt.views.get(g.name());
        if (known != null) {
            return known;
        }
        int[] poolRanks = memberRank == 0 ? rollCall(rt, g, timeout) : awaitView(rt, g, timeout);
        if (poolRanks.length != g.size()) {
            throw new GroupException("group '" + g.name() + "': its published view has " + poolRanks.length
                    + " members, not " + g.size());
        }
        GroupView v = new GroupView(g.name(), type, g.size(), sk, poolRanks);
        GroupView raced = rt.views.putIfAbsent(g.name(), v);
        return raced != null ? raced : v;
    }

    /** Member 0: awaits every rank's entry, then publishes where each lives for the others. */
    private static int[] rollCall(GmiRuntime rt, Directory.GroupEntry g, Duration timeout) throws PoolException {
        List<String> keys = new ArrayList<>();
        for (int r = 0; r < g.size(); r++) {
            keys.add(Directory.member(g.name(), r));
        }
        Map<String, Serializable> found;
        try {
            found = rt.pool.await(keys, timeout);
        } catch (PoolException e) {
            throw incomplete(rt, g, timeout, e);
        }
        int[] poolRanks = new int[g.size()];
        for (int r = 0; r < g.size(); r++) {
            poolRanks[r] = ((Directory.MemberEntry) found.get(keys.get(r))).poolRank();
        }
        Serializable old = rt.pool.publish(Directory.view(g.name()), new Directory.ViewEntry(poolRanks));
        return old instanceof Directory.ViewEntry earlier ? earlier.poolRanks() : poolRanks; // the first one stands
    }

    private static int[] awaitView(GmiRuntime rt, Directory.GroupEntry g, Duration timeout) throws PoolException {
        String key = Directory.view(g.name());
        try {
            return ((Directory.ViewEntry) rt.pool.await(List.of(key), timeout).get(key)).poolRanks();
        } catch (PoolException e) {
            throw incomplete(rt, g, timeout, e);
        }
    }

    /** The error of a group that did not complete in time, naming the ranks that never joined (looked up once each). */
    private static GroupException incomplete(GmiRuntime rt, Directory.GroupEntry g, Duration timeout,
            PoolException cause) {
        List<Integer> missing = new ArrayList<>();
        for (int r = 0; r < g.size(); r++) {
            try {
                rt.pool.await(List.of(Directory.member(g.name(), r)), Duration.ZERO);
            } catch (PoolException absent) {
                missing.add(r);
            }
        }
        String why = missing.isEmpty() ? "every rank joined, but member 0 did not publish the group's view"
                : "rank(s) " + missing + " of " + g.size() + " never joined";
        return new GroupException("group '" + g.name() + "' did not complete within " + timeout.toMillis() + " ms: "
                + why, cause);
    }

    static GroupInterface lookup(GmiRuntime rt, String name, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Directory.GroupEntry g = entry(rt, name, timeout);
        Class<?> type = type(g);
        GroupSkeleton sk = skeleton(type);
        if (sk.interfaceHash() != g.interfaceHash()) {
            throw new ConfigurationException("group '" + name + "': " + type.getName() + " differs from the one the"
                    + " group was created with (its generated code has another interface hash); rebuild both");
        }
        GroupView v;
        try {
            v = view(rt, g, type, sk, -1, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        } catch (PoolException e) {
            throw new GroupException("group '" + name + "': look-up failed: " + e.getMessage(), e);
        }
        String stubName = generatedName(type, "_MobulaGroupStub");
        try {
            Class<?> c = Class.forName(stubName, true, type.getClassLoader());
            return (GroupInterface) c.getConstructor(GroupInvoker.class).newInstance(new GroupReference(rt, v));
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new GroupException("no generated GMI stub " + stubName + " for " + type.getName()
                    + ": compile the group interface with mobula-processor on the annotation-processor path", e);
        }
    }

    static GroupReference reference(GroupInterface ref) {
        if (ref instanceof GroupStub s && s.invoker() instanceof GroupReference r) {
            return r;
        }
        throw new ConfigurationException((ref == null ? "null" : ref.getClass().getName()) + " is not a group"
                + " reference: get one from Group.lookup");
    }
}
