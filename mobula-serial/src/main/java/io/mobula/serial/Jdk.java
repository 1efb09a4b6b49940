package io.mobula.serial;

import java.io.IOException;

/** Helpers shared by the built-in serializers of JDK classes ({@link JdkCollections}, {@link JdkValues}). */
final class Jdk {
    private Jdk() {}

    /** Refuses to create {@code c} if the reader's class filter does not allow it. */
    static void checkAllowed(SerialReader in, Class<?> c) throws SerialException {
        if (!in.config().filter().allows(c)) {
            throw new SerialException("class " + c.getName() + " refused by the class filter");
        }
    }

    /** A single-class built-in whose reader first checks the class filter. */
    static <T> void reg(int id, Class<T> c, Builtin.Writer<T> w, Builtin.Reader<T> r) {
        Builtins.reg(id, c, w, in -> {
            checkAllowed(in, c);
            return r.read(in);
        });
    }

    /** Writes a class by its binary name (a string value). */
    static void writeClass(SerialWriter out, Class<?> c) throws IOException {
        out.writeString(c.getName());
    }

    /**
     * Reads a class name written by {@link #writeClass}: checked against the class filter before it is loaded,
     * then loaded without initialization by the configured loader.
     */
    static Class<?> readClass(SerialReader in) throws IOException {
        String name = in.readString();
        if (name == null || name.isEmpty() || name.length() > 1024) {
            throw new SerialException("bad class name in a built-in body");
        }
        Config config = in.config();
        if (!config.filter().allows(name)) {
            throw new SerialException("class " + name + " refused by the class filter");
        }
        try {
            return Class.forName(name, false, config.loader());
        } catch (ClassNotFoundException | LinkageError | IllegalArgumentException e) {
            throw new SerialException("class " + name + " named on the wire cannot be loaded: " + e, e);
        }
    }

    /** Reads an enum class: {@link #readClass} and checks that it is one (before it is initialized). */
    @SuppressWarnings("unchecked")
    static <E extends Enum<E>> Class<E> readEnumClass(SerialReader in) throws IOException {
        Class<?> c = readClass(in);
        if (!c.isEnum()) {
            throw new SerialException("class " + c.getName() + " is not an enum");
        }
        return (Class<E>) c;
    }

    /** A count that allocates nothing by itself: bounded by maxArrayLength only. */
    static int readCount(SerialReader in) throws IOException {
        int n = in.readVarInt();
        if (n < 0 || n > in.config().maxArrayLength()) {
            throw new SerialException("count " + Integer.toUnsignedString(n) + " exceeds maxArrayLength "
                    + in.config().maxArrayLength());
        }
        return n;
    }

    /** Reads an object that must be an instance of {@code c} (null allowed). */
    static <T> T read(SerialReader in, Class<T> c) throws IOException {
        return in.readObject(c);
    }

    /** Reads an object that must be a non-null instance of {@code c}. */
    static <T> T readNonNull(SerialReader in, Class<T> c, String what) throws IOException {
        T t = in.readObject(c);
        if (t == null) {
            throw new SerialException("null " + what);
        }
        return t;
    }
}
