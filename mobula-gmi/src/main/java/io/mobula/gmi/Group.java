package io.mobula.gmi;

import io.mobula.gmi.spi.GroupMethodInfo;
import io.mobula.pool.Pool;
import java.time.Duration;

/**
 * Creating, joining and finding groups of objects, and selecting their methods for configuration (thesis 5.3.1,
 * Figure 5.6). Groups live in a pool ({@code io.mobula.pool}): the pool gives the processes and the directory where
 * groups are registered. A process uses the pool {@link #attach attached} before its first group operation, or else
 * joins the one its launcher describes ({@code mobula run}, Slurm, Open MPI, MPICH: {@link Pool#join()}).
 *
 * <pre>{@code
 * // SPMD style, every rank of the pool (thesis Figure 5.18)
 * Bin bins = Group.form(pool, "bins", Bin.class, new BinImpl());
 * Group.findMethod(bins, Bin_GroupMethods.PUT).configure(new GroupInvocation(), new DiscardReply());
 * bins.put(data);                     // a broadcast
 * }</pre>
 *
 * Waits (join, look-up, combined configuration, replies) are bounded by {@code mobula.gmi.timeoutMs} (120 s by
 * default), and fail with a message naming what is missing.
 */
public final class Group {
    private Group() {
    }

    /**
     * Makes GMI in this process work in {@code pool}; call it before the first group operation.
     *
     * @throws IllegalStateException when GMI already works in another pool
     */
    public static void attach(Pool pool) {
        GmiRuntime.attach(pool);
    }

    /**
     * Creates group {@code name} of {@code size} members implementing {@code type}. Creating the same group again
     * with the same type and size is harmless, so every rank of an SPMD program may call it.
     *
     * @throws ConfigurationException when the group exists with another type or size, or the arguments are invalid
     */
    public static void create(String name, Class<? extends GroupInterface> type, int size) {
        GroupRegistry.create(GmiRuntime.get(), name, type, size);
    }

    /**
     * Adds {@code member} to group {@code name} at the first free rank and waits until the group is complete;
     * then {@link GroupMember#groupInit} runs.
     *
     * @throws GroupException when the group is not created or not complete in time (naming the missing ranks)
     * @throws ConfigurationException when the member does not implement the group's interface or no rank is free
     */
    public static void join(String name, GroupMember member) {
        join(name, member, -1);
    }

    /**
     * Adds {@code member} to group {@code name} at {@code rank} (thesis footnote: consistent ranks across groups)
     * and waits until the group is complete.
     *
     * @throws GroupException when the group is not created or not complete in time (naming the missing ranks)
     * @throws ConfigurationException when the member does not implement the group's interface or the rank is taken
     */
    public static void join(String name, GroupMember member, int rank) {
        GmiRuntime rt = GmiRuntime.get();
        GroupRegistry.join(rt, name, member, rank, rt.timeout());
    }

    /** As {@link #join(String, GroupMember, int)}, waiting at most {@code timeout} for the group to complete. */
    public static void join(String name, GroupMember member, int rank, Duration timeout) {
        GroupRegistry.join(GmiRuntime.get(), name, member, rank, timeout);
    }

    /**
     * A new group reference to group {@code name}, from any process of the pool (it need not hold a member); it
     * waits until the group is complete. Each reference has its own method configurations.
     *
     * @throws GroupException when the group does not exist or complete in time
     */
    public static GroupInterface lookup(String name) {
        GmiRuntime rt = GmiRuntime.get();
        return GroupRegistry.lookup(rt, name, rt.timeout());
    }

    /**
     * A new group reference to group {@code name}, typed.
     *
     * @throws ConfigurationException when the group's interface is not {@code type}
     */
    public static <T extends GroupInterface> T lookup(String name, Class<T> type) {
        GroupInterface g = lookup(name);
        if (!type.isInstance(g)) {
            throw new ConfigurationException("group '" + name + "' is a " + GroupRegistry.reference(g).view.type
                    .getName() + ", not a " + type.getName());
        }
        return type.cast(g);
    }

    /**
     * The whole pool as a group in one call: every rank calls it with its member; the group has the pool's size and
     * each member the rank of its process. Returns a group reference for this process.
     */
    public static <T extends GroupInterface> T form(Pool pool, String name, Class<T> type, GroupMember member) {
        attach(pool);
        create(name, type, pool.size());
        join(name, member, pool.rank());
        return lookup(name, type);
    }

    /**
     * The method of {@code ref} described as in Java source, e.g. {@code "void put(double[])"} or
     * {@code "double[] get()"} (spaces are ignored, types by simple name).
     *
     * @throws ConfigurationException when the interface has no such method (the message lists its methods)
     */
    public static GroupMethod findMethod(GroupInterface ref, String description) {
        GroupReference r = GroupRegistry.reference(ref);
        String want = normalize(description);
        StringBuilder known = new StringBuilder();
        for (GroupMethodInfo m : r.view.skeleton.methods()) {
            if (normalize(m.description()).equals(want)) {
                return new GroupMethod(r, m);
            }
            known.append(known.length() == 0 ? "" : ", ").append('"').append(m.description()).append('"');
        }
        throw new ConfigurationException(r.view.type.getName() + " has no method \"" + description + "\"; it has "
                + known);
    }

    /** The method {@code id} of {@code ref}: a constant of the generated {@code X_GroupMethods}. */
    public static GroupMethod findMethod(GroupInterface ref, GroupMethodId id) {
        GroupReference r = GroupRegistry.reference(ref);
        if (!id.type().isAssignableFrom(r.view.type) || id.index() >= r.view.skeleton.methods().size()
                || !r.view.skeleton.methods().get(id.index()).description().equals(id.description())) {
            throw new ConfigurationException(id + " is not a method of group '" + r.view.name + "' ("
                    + r.view.type.getName() + ")");
        }
        return new GroupMethod(r, r.view.skeleton.methods().get(id.index()));
    }

    /** Counters of GMI in this process. */
    public static GroupCounters counters() {
        GmiRuntime rt = GmiRuntime.get();
        return new GroupCounters(rt.discardedExceptions.sum(), rt.forwarderFailures.sum(), rt.relayed.sum(),
                rt.ranOnReceiveThread.sum(), rt.repliesTakenByCaller.sum(), rt.invocationsEncoded.sum(),
                rt.resultsRelayed.sum());
    }

    private static String normalize(String d) {
        String s = d.trim().replaceAll("\\s+", " ");
        s = s.replaceAll("\\s*([\\[\\](),])\\s*", "$1");
        return s;
    }
}
