package io.mobula.repmi;

import io.mobula.serial.ClassFilter;
import io.mobula.serial.Instantiator;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state a joiner installs ({@link RepmiMessages.Snapshot}) as bytes, without recursion: a cloud may be nested
 * arbitrarily deep (a linked list of a million nodes), deeper than a serializer's depth limit and than any thread's
 * stack, so its objects are written as one flat table. Every object reachable from the roots (cloud objects, arrays,
 * strings) gets an index; its header (kind, class, array length) comes first, then its contents, where each reference
 * is an index into the table. Reading allocates every object from the headers, then fills in the contents: no step
 * recurses, and shared objects and cycles come out as they went in. A value of any other class (the rules of thesis
 * 4.2.2 leave none in a cloud, but separately compiled code could) is written through the ordinary serializer, with its
 * own limits.
 *
 * <p>Reading assumes hostile bytes: a class named must pass RMI's class filter, is loaded without being initialized,
 * and must be a concrete {@link CloudObject} subclass compiled with mobula-processor (its {@code _MobulaCloudClass}
 * exists), or an array of primitives, strings, cloud objects or node interfaces; its fields must be the ones this
 * process has; counts and lengths are checked against the bytes left before anything is allocated (an array element or a field
 * takes at least as many bytes of the snapshot as of memory, an object at least one), so the memory a snapshot makes
 * is bounded by a small multiple of its size; every reference and field value is checked against its type. Anything else fails the whole snapshot with a {@link CloudException} that
 * says why.
 */
final class SnapshotCodec {
    private static final int MAGIC = 0x52504d53; // "RPMS"
    private static final int VERSION = 1;
    private static final byte CLOUD_OBJECT = 1;
    private static final byte ARRAY = 2;
    private static final byte STRING = 3;
    private static final byte VALUE = 4;
    private static final ConcurrentHashMap<Class<?>, Field[]> LAYOUTS = new ConcurrentHashMap<>();

    private SnapshotCodec() {
    }

    // ------------------------------------------------------------------ writing

    /**
     * The bytes of {@code s}.
     *
     * @throws CloudException when an object of a cloud cannot be written (its fields are not accessible, or a value
     *     of another class does not serialize)
     */
    static byte[] encode(RepmiMessages.Snapshot s, Serialization values) {
        try {
            return new Writer(values).write(s);
        } catch (IOException | RuntimeException e) {
            throw new CloudException("the snapshot of the clouds cannot be written: " + e.getMessage(), e);
        }
    }

    private static final class Writer {
        private final Serialization values;
        private final IdentityHashMap<Object, Integer> index = new IdentityHashMap<>();
        private final List<Object> objects = new ArrayList<>();
        private final Map<Class<?>, Integer> classIndex = new HashMap<>();
        private final List<Class<?>> classes = new ArrayList<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 12);
        private final DataOutputStream out = new DataOutputStream(bytes);

        Writer(Serialization values) {
            this.values = values;
        }

        byte[] write(RepmiMessages.Snapshot s) throws IOException {
            for (RepmiMessages.CloudState c : s.clouds()) {
                ref(c.root());
            }
            for (int i = 0; i < objects.size(); i++) { // breadth first: the table grows as it is walked
                Object o = objects.get(i);
                if (o instanceof CloudObject) {
                    for (Field f : layout(o.getClass())) {
                        if (!f.getType().isPrimitive()) {
                            ref(get(f, o));
                        }
                    }
                } else if (o instanceof Object[] a) {
                    for (Object e : a) {
                        ref(e);
                    }
                }
            }
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            out.writeLong(s.seq());
            out.writeLong(s.applied());
            out.writeInt(s.members().length);
            for (int m : s.members()) {
                out.writeInt(m);
            }
            out.writeInt(s.writers().length);
            for (long[] w : s.writers()) {
                out.writeInt(w.length);
                for (long v : w) {
                    out.writeLong(v);
                }
            }
            out.writeInt(classes.size());
            for (Class<?> c : classes) {
                string(c.getName());
                if (CloudObject.class.isAssignableFrom(c)) {
                    Field[] fields = layout(c);
                    out.writeInt(fields.length);
                    for (Field f : fields) {
                        string(f.getDeclaringClass().getName() + "." + f.getName() + ":" + f.getType().getName());
                    }
                }
            }
            out.writeInt(objects.size());
            for (Object o : objects) {
                if (o instanceof CloudObject) {
                    out.writeByte(CLOUD_OBJECT);
                    out.writeInt(classIndex.get(o.getClass()));
                } else if (o instanceof String str) {
                    out.writeByte(STRING);
                    string(str);
                } else if (o.getClass().isArray()) {
                    out.writeByte(ARRAY);
                    out.writeInt(classIndex.get(o.getClass()));
                    out.writeInt(Array.getLength(o));
                } else {
                    byte[] b = values.toBytes(o);
                    out.writeByte(VALUE);
                    out.writeInt(b.length);
                    out.write(b);
                }
            }
            for (Object o : objects) {
                if (o instanceof CloudObject) {
                    for (Field f : layout(o.getClass())) {
                        field(f, o);
                    }
                } else if (o.getClass().isArray()) {
                    elements(o);
                }
            }
            out.writeInt(s.clouds().size());
            for (RepmiMessages.CloudState c : s.clouds()) {
                out.writeLong(c.id());
                string(c.name());
                string(c.rootInterface());
                out.writeLong(c.hashes());
                out.writeInt(index.get(c.root()));
            }
            out.flush();
            return bytes.toByteArray();
        }

        /** Gives {@code o} an index (and its class one) the first time it is seen. */
        private void ref(Object o) {
            if (o == null || index.containsKey(o)) {
                return;
            }
            index.put(o, objects.size());
            objects.add(o);
            Class<?> c = o.getClass();
            if ((o instanceof CloudObject || c.isArray()) && !classIndex.containsKey(c)) {
                classIndex.put(c, classes.size());
                classes.add(c);
            }
        }

        private void reference(Object o) throws IOException {
            out.writeInt(o == null ? -1 : index.get(o));
        }

        private void field(Field f, Object o) throws IOException {
            Class<?> t = f.getType();
            try {
                if (!t.isPrimitive()) {
                    reference(f.get(o));
                } else if (t == int.class) {
                    out.writeInt(f.getInt(o));
                } else if (t == long.class) {
                    out.writeLong(f.getLong(o));
                } else if (t == double.class) {
                    out.writeLong(Double.doubleToRawLongBits(f.getDouble(o)));
                } else if (t == float.class) {
                    out.writeInt(Float.floatToRawIntBits(f.getFloat(o)));
                } else if (t == boolean.class) {
                    out.writeBoolean(f.getBoolean(o));
                } else if (t == byte.class) {
                    out.writeByte(f.getByte(o));
                } else if (t == short.class) {
                    out.writeShort(f.getShort(o));
                } else {
                    out.writeChar(f.getChar(o));
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        private void elements(Object a) throws IOException {
            switch (a) {
                case int[] v -> {
                    for (int x : v) {
                        out.writeInt(x);
                    }
                }
                case long[] v -> {
                    for (long x : v) {
                        out.writeLong(x);
                    }
                }
                case double[] v -> {
                    for (double x : v) {
                        out.writeLong(Double.doubleToRawLongBits(x));
                    }
                }
                case float[] v -> {
                    for (float x : v) {
                        out.writeInt(Float.floatToRawIntBits(x));
                    }
                }
                case boolean[] v -> {
                    for (boolean x : v) {
                        out.writeBoolean(x);
                    }
                }
                case byte[] v -> out.write(v);
                case short[] v -> {
                    for (short x : v) {
                        out.writeShort(x);
                    }
                }
                case char[] v -> {
                    for (char x : v) {
                        out.writeChar(x);
                    }
                }
                case Object[] v -> {
                    for (Object x : v) {
                        reference(x);
                    }
                }
                default -> throw new IllegalStateException(a.getClass().getName());
            }
        }

        private void string(String s) throws IOException {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            out.writeInt(b.length);
            out.write(b);
        }

        private static Object get(Field f, Object o) {
            try {
                return f.get(o);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * The fields a snapshot carries for cloud class {@code c}: every instance field that is not transient, from
     * {@link CloudObject} (its deterministic hash) down to {@code c}, each class's by name.
     *
     * @throws CloudException when a field cannot be made accessible (a package not opened to RepMI)
     */
    static Field[] layout(Class<?> c) {
        return LAYOUTS.computeIfAbsent(c, k -> {
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> x = k; x != null && CloudObject.class.isAssignableFrom(x); x = x.getSuperclass()) {
                chain.add(0, x);
            }
            List<Field> all = new ArrayList<>();
            for (Class<?> x : chain) {
                Field[] declared = x.getDeclaredFields();
                Arrays.sort(declared, Comparator.comparing(Field::getName));
                for (Field f : declared) {
                    int m = f.getModifiers();
                    if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                        try {
                            f.setAccessible(true);
                        } catch (RuntimeException e) {
                            throw new CloudException("field " + f + " of cloud class " + k.getName() + " is not"
                                    + " accessible to RepMI (open its package to io.mobula.repmi): " + e.getMessage(),
                                    e);
                        }
                        all.add(f);
                    }
                }
            }
            return all.toArray(Field[]::new);
        });
    }

    // ------------------------------------------------------------------ reading

    /**
     * The snapshot in {@code bytes}.
     *
     * @param values the serializer for values of other classes (with its own filter and limits)
     * @param filter which classes a peer may name
     * @param loader where the classes named are loaded from
     * @throws CloudException naming what is wrong with the bytes
     */
    static RepmiMessages.Snapshot decode(byte[] bytes, Serialization values, ClassFilter filter, ClassLoader loader) {
        try {
            return new Reader(ByteBuffer.wrap(bytes), values, filter, loader).read();
        } catch (BufferUnderflowException e) {
            throw new CloudException("a snapshot of the clouds ends early (" + bytes.length + " bytes)", e);
        } catch (SerialException e) {
            throw new CloudException("a value in the snapshot of the clouds cannot be read: " + e.getMessage(), e);
        }
    }

    private static final class Reader {
        private final ByteBuffer in;
        private final Serialization values;
        private final ClassFilter filter;
        private final ClassLoader loader;
        private Class<?>[] classes;
        private Object[] objects;

        Reader(ByteBuffer in, Serialization values, ClassFilter filter, ClassLoader loader) {
            this.in = in;
            this.values = values;
            this.filter = filter;
            this.loader = loader;
        }

        RepmiMessages.Snapshot read() throws SerialException {
            if (in.getInt() != MAGIC) {
                throw refused("it is not a snapshot of RepMI clouds");
            }
            int version = in.getInt();
            if (version != VERSION) {
                throw refused("its format " + version + " is not this process's (" + VERSION + ")");
            }
            long seq = in.getLong();
            long applied = in.getLong();
            int[] members = new int[count(4, "members")];
            for (int i = 0; i < members.length; i++) {
                members[i] = in.getInt();
            }
            long[][] writers = new long[count(4, "writers")][];
            for (int i = 0; i < writers.length; i++) {
                writers[i] = new long[count(8, "writer's calls")];
                for (int j = 0; j < writers[i].length; j++) {
                    writers[i][j] = in.getLong();
                }
            }
            int nc = count(4, "classes");
            classes = new Class<?>[nc];
            for (int i = 0; i < nc; i++) {
                classes[i] = resolve(string());
                if (!classes[i].isArray()) {
                    Field[] fields = layout(classes[i]);
                    int nf = count(4, "fields");
                    if (nf != fields.length) {
                        throw refused("cloud class " + classes[i].getName() + " has " + nf + " fields there and "
                                + fields.length + " here (the processes run different versions of it)");
                    }
                    for (Field f : fields) {
                        String d = string();
                        String mine = f.getDeclaringClass().getName() + "." + f.getName() + ":" + f.getType().getName();
                        if (!d.equals(mine)) {
                            throw refused("cloud class " + classes[i].getName() + " has field " + d + " there and "
                                    + mine + " here (the processes run different versions of it)");
                        }
                    }
                }
            }
            int n = count(1, "objects");
            objects = new Object[n];
            byte[] kinds = new byte[n];
            long budget = in.remaining(); // the contents still to come bound what the arrays may allocate
            for (int i = 0; i < n; i++) {
                byte kind = in.get();
                kinds[i] = kind;
                switch (kind) {
                    case CLOUD_OBJECT -> {
                        Class<?> c = classAt(in.getInt());
                        if (c.isArray()) {
                            throw refused("object " + i + " is said to be a cloud object of array class " + c.getName());
                        }
                        objects[i] = allocate(c);
                        budget -= layout(c).length; // a byte at least per field
                    }
                    case ARRAY -> {
                        int ci = in.getInt();
                        Class<?> c = classAt(ci);
                        if (!c.isArray()) {
                            throw refused("object " + i + " is said to be an array of class " + c.getName());
                        }
                        int length = in.getInt();
                        Class<?> e = c.getComponentType();
                        long size = (long) length * (e.isPrimitive() ? width(e) : 4);
                        if (length < 0 || size > budget) {
                            throw refused("array " + i + " of " + length + " elements is longer than the "
                                    + "snapshot's bytes can fill");
                        }
                        budget -= size;
                        objects[i] = Array.newInstance(e, length);
                    }
                    case STRING -> objects[i] = string();
                    case VALUE -> {
                        byte[] b = new byte[count(1, "value bytes")];
                        in.get(b);
                        objects[i] = values.fromBytes(b);
                    }
                    default -> throw refused("object " + i + " has kind " + kind);
                }
            }
            for (int i = 0; i < n; i++) {
                Object o = objects[i];
                if (kinds[i] == CLOUD_OBJECT) {
                    for (Field f : layout(o.getClass())) {
                        field(f, o);
                    }
                } else if (kinds[i] == ARRAY) {
                    elements(o);
                }
            }
            List<RepmiMessages.CloudState> clouds = new ArrayList<>();
            int ncl = count(8, "clouds");
            for (int i = 0; i < ncl; i++) {
                long id = in.getLong();
                String name = string();
                String iface = string();
                long hashes = in.getLong();
                Object root = reference();
                if (!(root instanceof CloudObject)) {
                    throw refused("the root of cloud '" + name + "' is not a cloud object");
                }
                clouds.add(new RepmiMessages.CloudState(id, name, iface, hashes, root));
            }
            if (in.hasRemaining()) {
                throw refused(in.remaining() + " bytes follow its end");
            }
            return new RepmiMessages.Snapshot(seq, applied, members, writers, clouds);
        }

        private Class<?> classAt(int i) {
            if (i < 0 || i >= classes.length) {
                throw refused("class " + i + " is not in its table of " + classes.length);
            }
            return classes[i];
        }

        /** The class a peer named, if a cloud may hold it (see the class comment). */
        private Class<?> resolve(String name) {
            if (!filter.allows(name)) {
                throw refused("class " + name + " is not allowed by the class filter");
            }
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new CloudException("the snapshot names class " + name + ", which this process cannot load", e);
            }
            Class<?> base = c;
            while (base.isArray()) {
                base = base.getComponentType();
            }
            boolean cloudType = CloudObject.class.isAssignableFrom(base) || (base.isInterface()
                    && Node.class.isAssignableFrom(base));
            if (c.isArray() ? !(base.isPrimitive() || base == String.class || cloudType)
                    : !CloudObject.class.isAssignableFrom(c) || Modifier.isAbstract(c.getModifiers())) {
                throw refused("class " + name + " cannot be in a cloud");
            }
            if (!c.isArray()) {
                Generated.classInfo(c); // compiled as a cloud class (throws naming the missing generated code)
            }
            return c;
        }

        private static Object allocate(Class<?> c) {
            try {
                MethodHandle h = Instantiator.forSerialization(c);
                return h.invoke();
            } catch (Throwable e) {
                throw new CloudException("cannot make an instance of cloud class " + c.getName() + ": " + e, e);
            }
        }

        private Object reference() {
            int i = in.getInt();
            if (i == -1) {
                return null;
            }
            if (i < 0 || i >= objects.length) {
                throw refused("reference " + i + " is outside its table of " + objects.length + " objects");
            }
            return objects[i];
        }

        private void field(Field f, Object o) {
            Class<?> t = f.getType();
            try {
                if (!t.isPrimitive()) {
                    Object v = reference();
                    if (v != null && !t.isInstance(v)) {
                        throw refused("field " + f.getName() + " of " + o.getClass().getName() + " is a "
                                + t.getName() + ", not a " + v.getClass().getName());
                    }
                    f.set(o, v);
                } else if (t == int.class) {
                    f.setInt(o, in.getInt());
                } else if (t == long.class) {
                    f.setLong(o, in.getLong());
                } else if (t == double.class) {
                    f.setDouble(o, Double.longBitsToDouble(in.getLong()));
                } else if (t == float.class) {
                    f.setFloat(o, Float.intBitsToFloat(in.getInt()));
                } else if (t == boolean.class) {
                    f.setBoolean(o, in.get() != 0);
                } else if (t == byte.class) {
                    f.setByte(o, in.get());
                } else if (t == short.class) {
                    f.setShort(o, in.getShort());
                } else {
                    f.setChar(o, in.getChar());
                }
            } catch (IllegalAccessException e) {
                throw new CloudException("cannot set field " + f + ": " + e.getMessage(), e);
            }
        }

        private void elements(Object a) {
            switch (a) {
                case int[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = in.getInt();
                    }
                }
                case long[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = in.getLong();
                    }
                }
                case double[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = Double.longBitsToDouble(in.getLong());
                    }
                }
                case float[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = Float.intBitsToFloat(in.getInt());
                    }
                }
                case boolean[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = in.get() != 0;
                    }
                }
                case byte[] v -> in.get(v);
                case short[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = in.getShort();
                    }
                }
                case char[] v -> {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = in.getChar();
                    }
                }
                case Object[] v -> {
                    Class<?> e = v.getClass().getComponentType();
                    for (int i = 0; i < v.length; i++) {
                        Object x = reference();
                        if (x != null && !e.isInstance(x)) {
                            throw refused("an array of " + e.getName() + " holds a " + x.getClass().getName());
                        }
                        v[i] = x;
                    }
                }
                default -> throw new IllegalStateException(a.getClass().getName());
            }
        }

        private int count(int minBytesEach, String what) {
            int n = in.getInt();
            if (n < 0 || (long) n * minBytesEach > in.remaining()) {
                throw refused("it claims " + n + " " + what + ", more than its " + in.remaining()
                        + " remaining bytes can hold");
            }
            return n;
        }

        private String string() {
            byte[] b = new byte[count(1, "string bytes")];
            in.get(b);
            return new String(b, StandardCharsets.UTF_8);
        }

        private static int width(Class<?> p) {
            if (p == long.class || p == double.class) {
                return 8;
            }
            if (p == int.class || p == float.class) {
                return 4;
            }
            if (p == short.class || p == char.class) {
                return 2;
            }
            return 1;
        }

        private static CloudException refused(String why) {
            return new CloudException("a snapshot of the clouds is refused: " + why);
        }
    }
}
