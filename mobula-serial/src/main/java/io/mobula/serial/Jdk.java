package io.mobula.serial;

import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The built-in serializers of the JDK classes beyond the core built-ins ({@link JdkCollections},
 * {@link JdkValues}): their id tables, set up when this class is first used (a JDK class is looked up or one of
 * their ids is read) rather than when {@link Builtins} is, which keeps the start-up of programs that never send
 * them short; and helpers they share.
 */
final class Jdk {
    private static final Serializer<?>[] BY_ID = new Serializer<?>[WireFormat.FIRST_DYNAMIC_ID];
    private static final Map<Class<?>, Integer> IDS = new IdentityHashMap<>();

    static {
        JdkCollections.register();
        JdkValues.register();
    }

    private Jdk() {}

    static int idOf(Class<?> c) {
        Integer id = IDS.get(c);
        return id == null ? 0 : id;
    }

    static Serializer<?> byId(int id) {
        return id > 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** Registers s under id for c (an id no core built-in uses). */
    static void put(int id, Class<?> c, Serializer<?> s) {
        if (BY_ID[id] != null || Builtins.coreById(id) != null) {
            throw new IllegalStateException("duplicate built-in id " + id);
        }
        noArray(c);
        BY_ID[id] = s;
        IDS.put(c, id);
    }

    /** Encodes c (when not null) with the serializer of id. */
    static void alias(Class<?> c, int id) {
        if (c != null) {
            noArray(c);
            IDS.putIfAbsent(c, id);
        }
    }

    /**
     * A JDK class by name, loaded but not initialized (so that registering built-ins stays cheap), or null
     * if this JDK does not have it.
     */
    static Class<?> jdkClass(String name) {
        try {
            return Class.forName(name, false, null);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** Refuses to create {@code c} if the reader's class filter does not allow it. */
    static void checkAllowed(SerialReader in, Class<?> c) throws SerialException {
        if (c != null && !in.config().filter().allows(c)) {
            throw new SerialException("class " + c.getName() + " refused by the class filter");
        }
    }

    /** {@link Builtins#idOf} never asks this table about an array class, so it must hold none. */
    private static void noArray(Class<?> c) {
        if (c.isArray()) {
            throw new IllegalStateException("an array class among the JDK built-ins: " + c.getName());
        }
    }

    /** A single-class built-in whose reader first checks the class filter. */
    static <T> void reg(int id, Class<T> c, Builtin.Writer<T> w, Builtin.Reader<T> r) {
        put(id, c, new Builtin<>(c, w, in -> {
            checkAllowed(in, c);
            return r.read(in);
        }));
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
