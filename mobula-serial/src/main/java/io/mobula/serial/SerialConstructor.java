package io.mobula.serial;

import java.lang.reflect.Constructor;

/**
 * The exact allocation path of {@link Instantiator} for classes whose first non-serializable superclass is
 * not {@code java.lang.Object}: the JDK's serialization constructor, which runs that superclass's no-arg
 * constructor on a new instance of the class. Created on the first allocation, because the JDK may
 * initialize the class while making it, and a reader must not initialize classes before the fingerprint
 * check. Reflective per object; these classes are rare.
 */
final class SerialConstructor {
    private final Class<?> cls;
    private volatile Constructor<?> ctor;

    SerialConstructor(Class<?> cls) {
        this.cls = cls;
    }

    Object newInstance() throws ReflectiveOperationException, SerialException {
        Constructor<?> c = ctor;
        if (c == null) {
            c = create();
            ctor = c;
        }
        return c.newInstance();
    }

    private Constructor<?> create() throws SerialException {
        Constructor<?> c;
        try {
            c = sun.reflect.ReflectionFactory.getReflectionFactory().newConstructorForSerialization(cls);
        } catch (RuntimeException e) {
            throw new SerialException("cannot create instances of " + cls.getName() + ": " + e, e);
        }
        if (c == null) {
            throw Instantiator.noValidConstructorException(cls.getName());
        }
        c.setAccessible(true);
        return c;
    }
}
