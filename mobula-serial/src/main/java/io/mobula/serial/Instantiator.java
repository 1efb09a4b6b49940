package io.mobula.serial;

import java.io.InvalidClassException;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Creates instances the way Java serialization does: without running the constructors of serializable
 * classes; only the no-arg constructor of the first non-serializable superclass runs (thesis 2.4.2,
 * "allocObject"). Generated serializers obtain one handle per class, once, and call it per object.
 *
 * <p>Two paths, chosen once per class:
 * <ul>
 *   <li>the first non-serializable superclass is {@code java.lang.Object} (the common case): its constructor
 *       does nothing, so a handle to {@code sun.misc.Unsafe.allocateInstance} bound to the class is exact, and
 *       the JIT compiles it like {@code new} once the handle is a constant;
 *   <li>otherwise that superclass's constructor must run: the JDK's serialization constructor, called through
 *       {@link Constructor#newInstance} (reflective per object; a bytecode shortcut would need an
 *       unverifiable {@code invokespecial}). See {@link SerialConstructor}.
 * </ul>
 * Neither path initializes the class when the handle is made, only on the first allocation: readers make
 * handles while checking a type descriptor, before the fingerprints are known to agree.
 */
public final class Instantiator {
    private static final MethodHandle ALLOCATE_INSTANCE; // (Class)Object, bound to the Unsafe instance
    private static final MethodHandle SERIAL_CONSTRUCTOR; // (SerialConstructor)Object
    private static final MethodHandle NO_VALID_CONSTRUCTOR; // (String)Object, always throws

    static {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field f = unsafeClass.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            ALLOCATE_INSTANCE = lookup.findVirtual(unsafeClass, "allocateInstance",
                    MethodType.methodType(Object.class, Class.class)).bindTo(f.get(null));
            SERIAL_CONSTRUCTOR = lookup.findVirtual(SerialConstructor.class, "newInstance",
                    MethodType.methodType(Object.class));
            NO_VALID_CONSTRUCTOR = lookup.findStatic(Instantiator.class, "noValidConstructor",
                    MethodType.methodType(Object.class, String.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Instantiator() {}

    /**
     * Returns a handle of type {@code ()Object} that allocates a new {@code cls} without running the
     * constructors of its serializable classes. Does not initialize {@code cls}; the first call does.
     *
     * @param cls a concrete, serializable class
     * <p>When the first non-serializable superclass has no no-arg constructor accessible to {@code cls}, Java
     * serialization still writes such objects and only refuses to read them; so does Mobula: the handle is made,
     * and every call throws a {@link SerialException} caused by {@code java.io.InvalidClassException}
     * "no valid constructor", as {@code ObjectInputStream} would.
     *
     * @return the allocation handle; call with {@code invokeExact()} and cast the result
     * @throws SerialException if {@code cls} is not serializable or cannot have instances (abstract, an
     *     interface, an array or a primitive)
     */
    public static MethodHandle forSerialization(Class<?> cls) throws SerialException {
        if (!Serializable.class.isAssignableFrom(cls)) {
            throw new SerialException("class " + cls.getName() + " does not implement java.io.Serializable",
                    new java.io.NotSerializableException(cls.getName())); // what ObjectOutputStream throws
        }
        if (cls.isInterface() || Modifier.isAbstract(cls.getModifiers()) || cls.isArray() || cls.isPrimitive()) {
            throw new SerialException("class " + cls.getName() + " cannot be instantiated");
        }
        Class<?> base = firstNonSerializable(cls);
        if (base == Object.class) {
            return ALLOCATE_INSTANCE.bindTo(cls);
        }
        if (!hasAccessibleConstructor(cls, base)) {
            return NO_VALID_CONSTRUCTOR.bindTo(cls.getName());
        }
        return SERIAL_CONSTRUCTOR.bindTo(new SerialConstructor(cls));
    }

    /** What reading an instance of a class without a valid serialization constructor throws. */
    static SerialException noValidConstructorException(String className) {
        InvalidClassException e = new InvalidClassException(className, "no valid constructor");
        return new SerialException(e.getMessage(), e);
    }

    @SuppressWarnings("unused") // through NO_VALID_CONSTRUCTOR
    private static Object noValidConstructor(String className) throws SerialException {
        throw noValidConstructorException(className);
    }

    private static Class<?> firstNonSerializable(Class<?> cls) {
        Class<?> k = cls;
        while (Serializable.class.isAssignableFrom(k)) {
            k = k.getSuperclass();
        }
        return k;
    }

    /**
     * The rules of Java serialization ({@code ReflectionFactory.newConstructorForSerialization}), checked
     * without initializing anything: {@code base} has a no-arg constructor that is not private, and public or
     * protected unless {@code base} is in the same run-time package as {@code cls}.
     */
    private static boolean hasAccessibleConstructor(Class<?> cls, Class<?> base) {
        Constructor<?> ctor;
        try {
            ctor = base.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            return false;
        }
        int m = ctor.getModifiers();
        boolean samePackage = base.getPackageName().equals(cls.getPackageName())
                && base.getClassLoader() == cls.getClassLoader();
        return !Modifier.isPrivate(m) && (Modifier.isPublic(m) || Modifier.isProtected(m) || samePackage);
    }
}
