package io.mobula.serial;

import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;

/**
 * Creates instances the way Java serialization does: without running the constructors of serializable
 * classes; only the no-arg constructor of the first non-serializable superclass runs (thesis 2.4.2,
 * "allocObject"). Generated serializers obtain one handle per class, once, and call it per object.
 */
public final class Instantiator {
    private static final MethodHandle NEW_INSTANCE;

    static {
        try {
            MethodHandle mh = MethodHandles.lookup().findVirtual(Constructor.class, "newInstance",
                    MethodType.methodType(Object.class, Object[].class));
            NEW_INSTANCE = MethodHandles.insertArguments(mh, 1, (Object) new Object[0]);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Instantiator() {}

    /**
     * Returns a handle of type {@code ()Object} that allocates a new {@code cls} without running the
     * constructors of its serializable classes.
     *
     * @param cls a concrete, serializable class
     * @return the allocation handle; call with {@code invokeExact()} and cast the result
     * @throws SerialException if {@code cls} is not serializable, abstract, or the first non-serializable
     *     superclass has no accessible no-arg constructor
     */
    public static MethodHandle forSerialization(Class<?> cls) throws SerialException {
        if (!Serializable.class.isAssignableFrom(cls)) {
            throw new SerialException("class " + cls.getName() + " does not implement java.io.Serializable");
        }
        if (cls.isInterface() || java.lang.reflect.Modifier.isAbstract(cls.getModifiers()) || cls.isArray()
                || cls.isPrimitive()) {
            throw new SerialException("class " + cls.getName() + " cannot be instantiated");
        }
        Constructor<?> ctor;
        try {
            // The serialization constructor is a synthetic accessor: unreflectConstructor on it would
            // create the superclass, so the handle is bound to Constructor.newInstance instead.
            Constructor<?> c = sun.reflect.ReflectionFactory.getReflectionFactory()
                    .newConstructorForSerialization(cls);
            ctor = c;
            if (ctor != null) {
                ctor.setAccessible(true);
            }
        } catch (RuntimeException e) {
            throw new SerialException("cannot create instances of " + cls.getName() + ": " + e, e);
        }
        if (ctor == null) {
            throw new SerialException("class " + cls.getName()
                    + ": first non-serializable superclass has no accessible no-arg constructor");
        }
        return NEW_INSTANCE.bindTo(ctor);
    }
}
