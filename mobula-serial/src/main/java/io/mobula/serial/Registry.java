package io.mobula.serial;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import jdk.jfr.FlightRecorder;

/**
 * Finds the serializer of a class, once per class: explicitly registered ones, then built-ins, arrays and
 * enums, then exceptions ({@link ThrowableSerializer}), then the generated {@code X_MobulaSerializer} (unless switched off), then the reflective fallback
 * (visible: counted and logged once per class).
 */
final class Registry {
    private static final System.Logger LOG = System.getLogger("io.mobula.serial");

    private static final ClassValue<Serializer<?>> GLOBAL = new ClassValue<>() {
        @Override
        protected Serializer<?> computeValue(Class<?> type) {
            return find(type, true);
        }
    };

    /** For {@code generatedSerializers(false)}: the same search without the generated serializers. */
    private static final ClassValue<Serializer<?>> WITHOUT_GENERATED = new ClassValue<>() {
        @Override
        protected Serializer<?> computeValue(Class<?> type) {
            return find(type, false);
        }
    };

    static final Registry DEFAULT = new Registry(Map.of());

    private final Map<Class<?>, Serializer<?>> explicit;
    private final ClassValue<Serializer<?>> resolved;
    private final ClassValue<Serializer<?>> shared;

    Registry(Map<Class<?>, Serializer<?>> explicit) {
        this(explicit, null, true);
    }

    Registry(Map<Class<?>, Serializer<?>> explicit, SerializerResolver resolver, boolean useGenerated) {
        this.explicit = explicit;
        this.shared = useGenerated ? GLOBAL : WITHOUT_GENERATED;
        this.resolved = resolver == null ? null : new ClassValue<>() {
            @Override
            protected Serializer<?> computeValue(Class<?> type) {
                try {
                    Serializer<?> s = resolver.find(type);
                    if (s != null && !s.type().isAssignableFrom(type)) {
                        return refuse(type, "resolver returned a serializer for " + s.type().getName()
                                + ", which is not " + type.getName() + " nor a superclass of it");
                    }
                    return s;
                } catch (RuntimeException | LinkageError e) {
                    return refuse(type, "cannot serialize class " + type.getName() + ": " + e);
                }
            }
        };
    }

    /** Whether the application registered a serializer for exactly {@code c} (so it chose to send it). */
    boolean registered(Class<?> c) {
        return explicit.containsKey(c);
    }

    /** Whether the application registered a serializer for {@code c} or its resolver has one. */
    boolean knows(Class<?> c) {
        if (explicit.containsKey(c)) {
            return true;
        }
        if (resolved != null) {
            Serializer<?> s = resolved.get(c);
            return s != null && !(s instanceof Unsupported);
        }
        return false;
    }

    Serializer<?> lookup(Class<?> c) throws SerialException {
        Serializer<?> s = explicit.isEmpty() ? null : explicit.get(c);
        if (s == null && resolved != null) {
            s = resolved.get(c);
        }
        if (s == null) {
            s = shared.get(c);
        }
        if (s instanceof Unsupported u) {
            throw u.error();
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static Serializer<?> find(Class<?> c, boolean useGenerated) {
        try {
            Serializer<?> s = Builtins.forClass(c);
            if (s != null) {
                return s;
            }
            if (c.isArray()) {
                return new ObjectArraySerializer<>(c);
            }
            if (c.isEnum() || (c.getSuperclass() != null && c.getSuperclass().isEnum())) {
                Class<?> e = c.isEnum() ? c : c.getSuperclass();
                return e == c ? new EnumSerializer<>((Class<Enum<?>>) c) : GLOBAL.get(e); // no generated ones
            }
            if (c == Class.class) {
                return refuse(c, "java.lang.Class objects are not serialized by Mobula (no remote class loading)");
            }
            if (c.isPrimitive() || c.isInterface() || c.isHidden()) {
                return refuse(c, "class " + c.getName() + " cannot be serialized");
            }
            if (Throwable.class.isAssignableFrom(c)) {
                return ThrowableSerializer.create(c); // the processor generates none: Throwable has hooks
            }
            s = useGenerated ? generated(c) : null;
            if (s != null) {
                return s;
            }
            Fallback f = Fallback.create(c);
            if (FlightRecorder.isInitialized()) {
                FallbackEvent.emit(c);
            }
            logFallback(c, f.hooks());
            return f;
        } catch (SerialException e) {
            return refuse(c, e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            return refuse(c, "cannot serialize class " + c.getName() + ": " + e);
        }
    }

    /**
     * Hooks are left to the runtime on purpose (the processor generates nothing for such classes), so only
     * a class without them is a build problem worth a warning.
     */
    static void logFallback(Class<?> c, List<String> hooks) {
        if (hooks.isEmpty() && c.isRecord() && privatelyNested(c)) {
            LOG.log(Level.WARNING, "record {0} is private, so the Mobula annotation processor generates no"
                    + " serializer for it; using the slower reflective fallback (make it package-private)",
                    c.getName());
        } else if (hooks.isEmpty()) {
            LOG.log(Level.WARNING, "class {0} has no generated serializer; using the slower reflective fallback"
                    + " (compile it with the Mobula annotation processor)", c.getName());
        } else {
            // nothing for the user to do: Java serialization would run the same hooks
            LOG.log(Level.DEBUG, "class {0} uses {1}, which the reflective fallback honours; generated serializers"
                    + " leave such classes to it by design", c.getName(), String.join(" and ", hooks));
        }
    }

    private static boolean privatelyNested(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (java.lang.reflect.Modifier.isPrivate(k.getModifiers())) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static Unsupported refuse(Class<?> c, String reason) {
        return new Unsupported((Class<Object>) c, reason);
    }

    /** The processor's naming contract: p.Outer$Inner -> p.Outer_Inner_MobulaSerializer. */
    static String generatedName(Class<?> c) {
        String name = c.getName();
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : name.substring(0, dot + 1);
        return pkg + name.substring(dot + 1).replace('$', '_') + "_MobulaSerializer";
    }

    private static Serializer<?> generated(Class<?> c) throws SerialException {
        Class<?> g;
        try {
            g = Class.forName(generatedName(c), true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
        if (!Serializer.class.isAssignableFrom(g)) {
            // a user class that happens to have the generated name (the processor warned): not ours to use
            LOG.log(Level.WARNING, "{0} does not implement {1}; serializing {2} with the reflective fallback",
                    g.getName(), Serializer.class.getName(), c.getName());
            return null;
        }
        Serializer<?> s;
        try {
            s = (Serializer<?>) g.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new SerialException("cannot instantiate generated serializer " + g.getName() + ": " + e, e);
        }
        if (s.type() != c) {
            // p.A_B and p.A.B share a flattened name; the processor generated it for the other one and warned
            LOG.log(Level.WARNING, "{0} serializes {1}, not {2}; serializing {2} with the reflective fallback",
                    g.getName(), s.type().getName(), c.getName());
            return null;
        }
        return s;
    }
}
