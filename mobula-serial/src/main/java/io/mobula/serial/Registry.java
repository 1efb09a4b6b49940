package io.mobula.serial;

import java.lang.System.Logger.Level;
import java.util.Map;

/**
 * Finds the serializer of a class, once per class: explicitly registered ones, then built-ins, arrays and
 * enums, then the generated {@code X_MobulaSerializer}, then the reflective fallback (visible: counted and
 * logged once per class).
 */
final class Registry {
    private static final System.Logger LOG = System.getLogger("io.mobula.serial");

    private static final ClassValue<Serializer<?>> GLOBAL = new ClassValue<>() {
        @Override
        protected Serializer<?> computeValue(Class<?> type) {
            return find(type);
        }
    };

    static final Registry DEFAULT = new Registry(Map.of());

    private final Map<Class<?>, Serializer<?>> explicit;
    private final ClassValue<Serializer<?>> resolved;

    Registry(Map<Class<?>, Serializer<?>> explicit) {
        this(explicit, null);
    }

    Registry(Map<Class<?>, Serializer<?>> explicit, SerializerResolver resolver) {
        this.explicit = explicit;
        this.resolved = resolver == null ? null : new ClassValue<>() {
            @Override
            protected Serializer<?> computeValue(Class<?> type) {
                try {
                    Serializer<?> s = resolver.find(type);
                    if (s != null && s.type() != type) {
                        return refuse(type, "resolver returned a serializer for " + s.type().getName()
                                + " instead of " + type.getName());
                    }
                    return s;
                } catch (RuntimeException | LinkageError e) {
                    return refuse(type, "cannot serialize class " + type.getName() + ": " + e);
                }
            }
        };
    }

    Serializer<?> lookup(Class<?> c) throws SerialException {
        Serializer<?> s = explicit.isEmpty() ? null : explicit.get(c);
        if (s == null && resolved != null) {
            s = resolved.get(c);
        }
        if (s == null) {
            s = GLOBAL.get(c);
        }
        if (s instanceof Unsupported u) {
            throw u.error();
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static Serializer<?> find(Class<?> c) {
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
                return e == c ? new EnumSerializer<>((Class<Enum<?>>) c) : GLOBAL.get(e);
            }
            if (c == Class.class) {
                return refuse(c, "java.lang.Class objects are not serialized by Mobula (no remote class loading)");
            }
            if (c.isPrimitive() || c.isInterface() || c.isHidden()) {
                return refuse(c, "class " + c.getName() + " cannot be serialized");
            }
            s = generated(c);
            if (s != null) {
                return s;
            }
            s = Fallback.create(c);
            FallbackEvent.emit(c);
            LOG.log(Level.WARNING, "class {0} has no generated serializer; using the slower reflective fallback"
                    + " (compile it with the Mobula annotation processor)", c.getName());
            return s;
        } catch (SerialException e) {
            return refuse(c, e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            return refuse(c, "cannot serialize class " + c.getName() + ": " + e);
        }
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
            throw new SerialException(g.getName() + " does not implement " + Serializer.class.getName());
        }
        Serializer<?> s;
        try {
            s = (Serializer<?>) g.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new SerialException("cannot instantiate generated serializer " + g.getName() + ": " + e, e);
        }
        if (s.type() != c) {
            throw new SerialException("generated serializer " + g.getName() + " handles " + s.type()
                    + " instead of " + c.getName());
        }
        return s;
    }
}
