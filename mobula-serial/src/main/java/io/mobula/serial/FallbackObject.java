package io.mobula.serial;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Ordinary serializable classes: allocated without running serializable constructors
 * ({@link Instantiator}), registered, then each serializable class level from the top down either
 * through its private writeObject/readObject hooks or field by field.
 */
final class FallbackObject extends Fallback {
    private final MethodHandle allocate; // ()Object; does not initialize the class before the first read
    private final Level[] levels;

    FallbackObject(Class<?> c, MethodHandles.Lookup lookup) throws ReflectiveOperationException, SerialException {
        this(c, lookup, levels(c));
    }

    private FallbackObject(Class<?> c, MethodHandles.Lookup lookup, Level[] levels)
            throws ReflectiveOperationException, SerialException {
        super(c, fingerprint(levels), lookup);
        this.levels = levels;
        this.allocate = Instantiator.forSerialization(c); // without a valid constructor, fails on each read
    }

    private static long fingerprint(Level[] levels) {
        List<String> parts = new ArrayList<>();
        for (Level l : levels) {
            l.fingerprintParts(parts);
        }
        return Fingerprint.of(parts.toArray(String[]::new));
    }

    private static Level[] levels(Class<?> c) throws ReflectiveOperationException {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
            chain.add(0, k);
        }
        Level[] out = new Level[chain.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new Level(chain.get(i));
        }
        return out;
    }

    @Override
    List<String> hooks() {
        List<String> hooks = new ArrayList<>();
        if (Arrays.stream(levels).anyMatch(l -> l.writeHook != null)) {
            hooks.add("writeObject");
        }
        if (Arrays.stream(levels).anyMatch(l -> l.readHook != null)) {
            hooks.add("readObject");
        }
        hooks.addAll(super.hooks());
        return hooks;
    }

    @Override
    void writeFields(SerialWriter out, Object value) throws Throwable {
        for (Level l : levels) {
            l.write(out, value);
        }
    }

    @Override
    Object readFields(SerialReader in) throws Throwable {
        Object o = (Object) allocate.invokeExact();
        in.register(o);
        for (Level l : levels) {
            l.read(in, o);
        }
        return o;
    }

    /** One serializable class of the hierarchy: its fields sorted by name and its private hooks. */
    static final class Level {
        final Class<?> cls;
        final FieldIO[] fields;
        final MethodHandle writeHook; // (Object,ObjectOutputStream)void or null
        final MethodHandle readHook; // (Object,ObjectInputStream)void or null

        Level(Class<?> cls) throws ReflectiveOperationException {
            this.cls = cls;
            MethodHandles.Lookup lookup = ModuleAccess.privateLookupIn(cls);
            List<Field> fs = new ArrayList<>();
            for (Field f : cls.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                    fs.add(f);
                }
            }
            fs.sort(Comparator.comparing(Field::getName));
            fields = new FieldIO[fs.size()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = FieldIO.of(fs.get(i), lookup);
            }
            writeHook = privateHook(cls, lookup, "writeObject", ObjectOutputStream.class);
            readHook = privateHook(cls, lookup, "readObject", ObjectInputStream.class);
        }

        private static MethodHandle privateHook(Class<?> cls, MethodHandles.Lookup lookup, String name,
                Class<?> param) throws IllegalAccessException {
            Method m;
            try {
                m = cls.getDeclaredMethod(name, param);
            } catch (NoSuchMethodException e) {
                return null;
            }
            int mod = m.getModifiers();
            if (!Modifier.isPrivate(mod) || Modifier.isStatic(mod) || m.getReturnType() != void.class) {
                return null;
            }
            m.setAccessible(true);
            return lookup.unreflect(m).asType(MethodType.methodType(void.class, Object.class, param));
        }

        /** Writes this level of {@code value}: through its writeObject hook if it has one, else field by field. */
        void write(SerialWriter out, Object value) throws Throwable {
            if (writeHook == null) {
                writeFields(out, value);
                return;
            }
            HookOutput h = out.hookOutput();
            Object saved = h.enter(value, this);
            try {
                writeHook.invokeExact(value, (ObjectOutputStream) h);
            } finally {
                h.exit(saved);
            }
        }

        /** Reads this level into {@code o}: the mirror of {@link #write}. */
        void read(SerialReader in, Object o) throws Throwable {
            if (readHook == null) {
                readFields(in, o);
                return;
            }
            HookInput h = in.hookInput();
            Object saved = h.enter(o, this);
            try {
                readHook.invokeExact(o, (ObjectInputStream) h);
            } finally {
                h.exit(saved);
            }
        }

        /** Fingerprint parts of this level: the class name, then {@code name:descriptor} per field. */
        void fingerprintParts(List<String> parts) {
            parts.add(cls.getName());
            for (FieldIO f : fields) {
                parts.add(f.part());
            }
        }

        void writeFields(SerialWriter out, Object o) throws Throwable {
            for (FieldIO f : fields) {
                f.write(out, o);
            }
        }

        void readFields(SerialReader in, Object o) throws Throwable {
            for (FieldIO f : fields) {
                f.read(in, o);
            }
        }

        int indexOf(String name) {
            for (int i = 0; i < fields.length; i++) {
                if (fields[i].name.equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public String toString() {
            return cls.getName() + Arrays.toString(Arrays.stream(fields).map(f -> f.name).toArray());
        }
    }
}
