package io.mobula.repmi;

import io.mobula.pool.Pool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Creating and finding replicated clouds (thesis 4.2.1, Figure 4.5). Every process of a pool holds a replica of every
 * cloud; each must use RepMI ({@link #attach} or any other call here) so the sequencer can reach it.
 *
 * <pre>{@code
 * Cloud.attach(pool);
 * Stack s = Cloud.create(Stack.class, StackRoot.class, "stack1");      // on one rank
 * Stack t = Cloud.lookup("stack1", Stack.class);                       // on any rank
 * s.push(42);          // a write: broadcast in total order, applied on every replica
 * int top = t.top();   // a read: local, no communication
 * }</pre>
 */
public final class Cloud {
    private Cloud() {
    }

    /** Makes RepMI in this process work in {@code pool} and starts its replica; before the first cloud operation. */
    public static void attach(Pool pool) {
        RepmiRuntime.attach(pool);
        RepmiRuntime.get();
    }

    /**
     * Creates cloud {@code name} with a new {@code rootClass} as its root, made with the constructor that takes
     * {@code arguments} (copied, as every value entering a cloud), on every replica, and returns a replication
     * reference. The root class must implement exactly one replication interface; otherwise use
     * {@link #create(Class, Class, String, Object...)}.
     *
     * @throws CloudException when the name is taken, the class has no such constructor, or its generated code is
     *     missing; what the constructor throws is thrown
     */
    public static Root create(Class<? extends CloudObject> rootClass, String name, Object... arguments) {
        List<Class<?>> roots = new ArrayList<>();
        for (Class<?> c = rootClass; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (Root.class.isAssignableFrom(i) && i != Root.class && !roots.contains(i)) {
                    roots.add(i);
                }
            }
        }
        if (roots.size() != 1) {
            throw new CloudException(rootClass.getName() + " implements " + (roots.isEmpty() ? "no" : "several")
                    + " replication interfaces " + roots + "; name the one to use with Cloud.create(type, rootClass,"
                    + " name, arguments)");
        }
        return createAs(roots.get(0).asSubclass(Root.class), rootClass, name, arguments);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Root createAs(Class<? extends Root> type, Class<?> rootClass, String name, Object[] arguments) {
        return create((Class) type, (Class) rootClass, name, arguments);
    }

    /** As {@link #create(Class, String, Object...)}, returning a reference of replication interface {@code type}. */
    public static <T extends Root> T create(Class<T> type, Class<? extends T> rootClass, String name,
            Object... arguments) {
        if (!CloudObject.class.isAssignableFrom(rootClass)) {
            throw new CloudException(rootClass.getName() + " does not extend CloudObject");
        }
        if (name == null || name.isEmpty()) {
            throw new CloudException("a cloud needs a name");
        }
        RepmiRuntime rt = RepmiRuntime.get();
        Generated.skeleton(type);
        Generated.classInfo(rootClass);
        try {
            rt.write(0, RepmiMessages.CREATE, new RepmiMessages.Create(rootClass.getName(), type.getName(), name,
                    arguments == null ? new Object[0] : arguments), () -> "creating cloud '" + name + "'");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CloudException("creating cloud '" + name + "' failed: " + t, t);
        }
        return lookup(name, type);
    }

    /**
     * A replication reference to cloud {@code name}, waiting (bounded by {@code mobula.repmi.timeoutMs}) until this
     * process's replica exists.
     *
     * @throws CloudException when no such cloud appears in time
     */
    public static Root lookup(String name) {
        return lookup(name, Duration.ofNanos(RepmiRuntime.get().timeoutNanos));
    }

    /** As {@link #lookup(String)}, waiting at most {@code timeout}. */
    public static Root lookup(String name, Duration timeout) {
        RepmiRuntime rt = RepmiRuntime.get();
        Replica r = rt.awaitCloud(name, timeout);
        return Generated.stub(r.rootInterface, new ReplicaHandle(rt, r));
    }

    /** A replication reference of interface {@code type} to cloud {@code name}. */
    public static <T extends Root> T lookup(String name, Class<T> type) {
        Root r = lookup(name);
        if (!type.isInstance(r)) {
            throw new CloudException("cloud '" + name + "' is a " + r + ", not a " + type.getName());
        }
        return type.cast(r);
    }

    /** Counters of this process's RepMI: writes made, payloads and orders sent to other processes. */
    public static CloudCounters counters() {
        return RepmiRuntime.get().stats.snapshot();
    }
}
