package io.mobula.rmi;

import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the processor's proof of non-blocking methods ({@code p.Impl_MobulaFlags}) for an implementation class
 * into a flags array indexed by method id, once per class.
 *
 * <p>A proof is about method bodies: the one made for class {@code C} covers method {@code m} of a runtime class
 * {@code R} (C itself or a subclass) only when R runs the same {@code m} as C, that is when no class from R up to
 * (not including) C declares {@code m} again. The subclass's override may block, and when the subclass was
 * compiled without the processor, or its override was not proven, nothing else would say so. Overrides are
 * found by reflection once per runtime class, at export time.
 */
final class ImplementationFlagsLoader {
    private static final System.Logger LOG = System.getLogger(ImplementationFlagsLoader.class.getName());

    /** One generated flags class, for the class it was generated for. */
    private record Proven(Class<?> remoteInterface, int[] flags, String[] implementations) {
    }

    /** The flags a runtime class gets for one interface it is served as; null flags: nothing proven. */
    private record Resolved(int[] flags) {
    }

    private static final Proven NONE = new Proven(null, null, null);

    private static final ClassValue<Proven> GENERATED = new ClassValue<>() {
        @Override
        protected Proven computeValue(Class<?> impl) {
            String name = StubFactory.generatedName(impl, "_MobulaFlags");
            try {
                Class<?> c = Class.forName(name, true, impl.getClassLoader());
                if (!ImplementationFlags.class.isAssignableFrom(c)) {
                    return NONE;
                }
                ImplementationFlags f = (ImplementationFlags) c.getConstructor().newInstance();
                Dispatcher d = StubFactory.forInterface(f.remoteInterface()).dispatcher;
                int[] flags = new int[d.methodCount()];
                String[] implementations = new String[flags.length];
                for (int i = 0; i < flags.length; i++) {
                    flags[i] = f.methodFlags(i) & Dispatcher.NON_BLOCKING;
                    implementations[i] = flags[i] != 0 ? f.implementation(i) : null;
                    if (implementations[i] == null) {
                        flags[i] = 0; // no method named: nothing to check overrides against
                    }
                }
                return new Proven(f.remoteInterface(), flags, implementations);
            } catch (ClassNotFoundException e) {
                return NONE;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError
                    | java.rmi.StubNotFoundException e) {
                LOG.log(Level.WARNING, "ignoring " + name + ": " + e);
                return NONE;
            }
        }
    };

    /** Per runtime class, by remote interface (normally just one). */
    private static final ClassValue<Map<Class<?>, Resolved>> RESOLVED = new ClassValue<>() {
        @Override
        protected Map<Class<?>, Resolved> computeValue(Class<?> impl) {
            return new ConcurrentHashMap<>();
        }
    };

    private ImplementationFlagsLoader() {
    }

    /**
     * Extra flags per method id of {@code dispatcher}'s interface for objects of class {@code impl}, or null when
     * nothing was proven about the methods {@code impl} runs.
     */
    static int[] flagsFor(Class<?> impl, Dispatcher dispatcher) {
        return RESOLVED.get(impl).computeIfAbsent(dispatcher.remoteInterface(), i -> resolve(impl, i)).flags();
    }

    /**
     * The flags of the nearest class from {@code impl} up with a proof for {@code iface}, without the methods a
     * class below it declares again.
     */
    private static Resolved resolve(Class<?> impl, Class<?> iface) {
        for (Class<?> c = impl; c != null && c != Object.class; c = c.getSuperclass()) {
            Proven p = GENERATED.get(c);
            if (p.remoteInterface() != iface) {
                continue;
            }
            Class<?> proven = c;
            int[] flags = p.flags().clone();
            try {
                Set<String> redeclared = new HashSet<>();
                for (Class<?> below = impl; below != c; below = below.getSuperclass()) {
                    for (Method m : below.getDeclaredMethods()) {
                        redeclared.add(signature(m));
                    }
                }
                for (int i = 0; i < flags.length; i++) {
                    if (flags[i] != 0 && redeclared.contains(p.implementations()[i])) {
                        LOG.log(Level.DEBUG, () -> impl.getName() + " overrides a method proven non-blocking for "
                                + proven.getName() + "; it runs on a virtual thread");
                        flags[i] = 0;
                    }
                }
            } catch (LinkageError | SecurityException e) {
                LOG.log(Level.WARNING, "cannot inspect the methods of " + impl.getName() + ", so no method of it"
                        + " runs on the receive thread: " + e);
                return new Resolved(null);
            }
            return new Resolved(Arrays.stream(flags).anyMatch(f -> f != 0) ? flags : null);
        }
        return new Resolved(null);
    }

    /** Name and erased JVM parameter descriptor, as the processor writes it: {@code ping(I)}. */
    private static String signature(Method m) {
        StringBuilder sb = new StringBuilder(m.getName()).append('(');
        for (Class<?> p : m.getParameterTypes()) {
            sb.append(p.descriptorString());
        }
        return sb.append(')').toString();
    }
}
