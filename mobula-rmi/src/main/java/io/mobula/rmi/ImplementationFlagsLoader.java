package io.mobula.rmi;

import java.lang.System.Logger.Level;

/**
 * Reads the processor's proof of non-blocking methods ({@code p.Impl_MobulaFlags}) for an implementation class,
 * once per class, into a flags array indexed by method id.
 */
final class ImplementationFlagsLoader {
    private static final System.Logger LOG = System.getLogger(ImplementationFlagsLoader.class.getName());
    private record Proven(Class<?> remoteInterface, int[] flags) {
    }

    private static final Proven NONE = new Proven(null, null);

    private static final ClassValue<Proven> CACHE = new ClassValue<>() {
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
                for (int i = 0; i < flags.length; i++) {
                    flags[i] = f.methodFlags(i) & Dispatcher.NON_BLOCKING;
                }
                return new Proven(f.remoteInterface(), flags);
            } catch (ClassNotFoundException e) {
                return NONE;
            } catch (ReflectiveOperationException | RuntimeException | java.rmi.StubNotFoundException e) {
                LOG.log(Level.WARNING, "ignoring " + name + ": " + e);
                return NONE;
            }
        }
    };

    private ImplementationFlagsLoader() {
    }

    /** Extra flags per method id of {@code dispatcher}'s interface, or null when nothing was proven. */
    static int[] flagsFor(Class<?> impl, Dispatcher dispatcher) {
        for (Class<?> c = impl; c != null && c != Object.class; c = c.getSuperclass()) {
            Proven p = CACHE.get(c);
            if (p.remoteInterface() == dispatcher.remoteInterface()) {
                return p.flags();
            }
        }
        return null;
    }
}
