package io.mobula.serial;

import java.io.Externalizable;
import java.io.IOException;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * Base of the reflective fallback for classes compiled without the annotation processor. Everything
 * reflective happens once, when the serializer is built; per object only method handles run. Every
 * object that takes this path is counted ({@link Serialization#fallbackClasses()}).
 */
abstract class Fallback implements Serializer<Object>, Replacing {
    private final Class<Object> type;
    private final long fingerprint;
    private final LongAdder counter;
    private final MethodHandle writeReplace; // (Object)Object or null
    private final MethodHandle readResolve; // (Object)Object or null

    @SuppressWarnings("unchecked")
    Fallback(Class<?> type, long fingerprint, MethodHandles.Lookup lookup) throws ReflectiveOperationException {
        this.type = (Class<Object>) type;
        this.fingerprint = fingerprint;
        this.counter = FallbackStats.counter(type);
        this.writeReplace = hook(type, "writeReplace", lookup, null);
        this.readResolve = hook(type, "readResolve", lookup, null);
    }

    /** Builds the fallback serializer for {@code c}, refusing classes Java serialization would refuse. */
    static Fallback create(Class<?> c) throws SerialException {
        boolean record = c.isRecord();
        if (!Serializable.class.isAssignableFrom(c)) {
            // records too, as in Java serialization: an object of a class that did not opt in is never rebuilt from
            // the wire, so a record's canonical constructor never runs on a peer's data unless the record allows it
            throw new SerialException("class " + c.getName() + " does not implement java.io.Serializable",
                    new java.io.NotSerializableException(c.getName())); // what ObjectOutputStream throws
        }
        if (Modifier.isAbstract(c.getModifiers())) {
            throw new SerialException("class " + c.getName() + " is abstract");
        }
        MethodHandles.Lookup lookup;
        try {
            lookup = ModuleAccess.privateLookupIn(c);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new SerialException("cannot access class " + c.getName() + " for serialization (" + e.getMessage()
                    + "); open its package to Mobula or compile it with the Mobula annotation processor", e);
        }
        try {
            if (Externalizable.class.isAssignableFrom(c)) {
                return new FallbackExternalizable(c, lookup);
            }
            if (record) {
                return new FallbackRecord(c, lookup);
            }
            return new FallbackObject(c, lookup);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new SerialException("cannot build the fallback serializer for " + c.getName() + ": " + e, e);
        }
    }

    /**
     * writeReplace/readResolve as Java serialization finds them: declared here or inherited, not private.
     *
     * @param stop the first superclass not searched (with its own superclasses), or null to search them all
     * @return {@code (Object)Object}, or null if there is none
     */
    static MethodHandle hook(Class<?> c, String name, MethodHandles.Lookup lookup, Class<?> stop)
            throws ReflectiveOperationException {
        for (Class<?> k = c; k != null && k != stop; k = k.getSuperclass()) {
            Method m;
            try {
                m = k.getDeclaredMethod(name);
            } catch (NoSuchMethodException e) {
                continue;
            }
            int mod = m.getModifiers();
            if (m.getReturnType() != Object.class || Modifier.isStatic(mod) || Modifier.isAbstract(mod)) {
                return null;
            }
            boolean visible = k == c || Modifier.isPublic(mod) || Modifier.isProtected(mod)
                    || (!Modifier.isPrivate(mod) && Objects.equals(k.getPackageName(), c.getPackageName())
                    && k.getClassLoader() == c.getClassLoader());
            if (!visible) {
                return null;
            }
            m.setAccessible(true);
            MethodHandles.Lookup l = k == c ? lookup : ModuleAccess.privateLookupIn(k);
            return l.unreflect(m).asType(MethodType.methodType(Object.class, Object.class));
        }
        return null;
    }

    @Override
    public final Class<Object> type() {
        return type;
    }

    @Override
    public final long fingerprint() {
        return fingerprint;
    }

    @Override
    public final boolean replaces() {
        return writeReplace != null;
    }

    @Override
    public final Object writeReplace(Object obj) throws IOException {
        try {
            return (Object) writeReplace.invokeExact(obj);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public final void write(SerialWriter out, Object value) throws IOException {
        counter.increment();
        try {
            writeFields(out, value);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @Override
    public final Object read(SerialReader in) throws IOException {
        counter.increment();
        try {
            Object o = readFields(in);
            return readResolve == null ? o : (Object) readResolve.invokeExact(o);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * The custom serialization methods this class relies on, which the processor deliberately leaves to
     * the runtime (so advising to compile it with the processor would be wrong).
     *
     * @return e.g. {@code ["writeObject", "readResolve"]}, empty if none
     */
    List<String> hooks() {
        List<String> hooks = new ArrayList<>();
        if (writeReplace != null) {
            hooks.add("writeReplace");
        }
        if (readResolve != null) {
            hooks.add("readResolve");
        }
        return hooks;
    }

    abstract void writeFields(SerialWriter out, Object value) throws Throwable;

    abstract Object readFields(SerialReader in) throws Throwable;

    static IOException rethrow(Throwable t) {
        if (t instanceof IOException io) {
            return io;
        }
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new SerialException(t.toString(), t);
    }
}
