package io.mobula.serial;

import java.io.Serializable;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The reader's half of the per-peer type table: id -> serializer. Built-in ids are predefined; a
 * TYPE_DEF binds a dynamic id after the class name passed the {@link ClassFilter} (checked before the
 * class is loaded, and then loaded without initialization) and the fingerprints agree.
 */
final class ReaderTypes {
    private final Config config;
    private Serializer<?>[] dynamic = new Serializer<?>[16];

    private int used; // highest dynamic index defined + 1
    /** Classes whose descriptor this reader accepted, for objects written with an implied type. */
    private final Map<Class<?>, Serializer<?>> described = new HashMap<>();
    /**
     * The last few classes {@link #implied} answered for, compared by identity: a message names the same handful of
     * declared types over and over, and a scan of a few references is cheaper than a hash lookup (JFR: the map's
     * lookup was 6% of a media-content round trip).
     */
    private final Class<?>[] recentClasses = new Class<?>[RECENT];
    private final Serializer<?>[] recentSerializers = new Serializer<?>[RECENT];
    private int recentNext;
    private static final int RECENT = 8;

    ReaderTypes(Config config) {
        this.config = config;
    }

    void clear() {
        Arrays.fill(dynamic, 0, used, null);
        used = 0;
        described.clear();
        Arrays.fill(recentClasses, null);
        Arrays.fill(recentSerializers, null);
    }

    Serializer<?> lookup(int id, int offset) throws SerialException {
        if (id > 0 && id < WireFormat.FIRST_DYNAMIC_ID) {
            Serializer<?> s = Builtins.byId(id);
            if (s != null) {
                return s;
            }
        } else {
            int i = id - WireFormat.FIRST_DYNAMIC_ID;
            if (i >= 0 && i < dynamic.length && dynamic[i] != null) {
                return dynamic[i];
            }
        }
        throw SerialException.corrupt("unknown type id " + Integer.toUnsignedString(id) + " at offset " + offset);
    }

    /**
     * The serializer for an object written with the IMPLIED tag where {@code declared} is the declared type: the
     * class must be final, and its descriptor must have been accepted earlier (built-ins need none), so the class
     * filter and the fingerprint check applied to it as to any other object.
     */
    Serializer<?> implied(Class<?> declared, int offset) throws SerialException {
        Class<?>[] recent = recentClasses;
        for (int i = 0; i < RECENT; i++) {
            if (recent[i] == declared) {
                return recentSerializers[i];
            }
        }
        Serializer<?> s = impliedSlow(declared, offset);
        int slot = recentNext;
        recentClasses[slot] = declared;
        recentSerializers[slot] = s;
        recentNext = (slot + 1) & (RECENT - 1);
        return s;
    }

    private Serializer<?> impliedSlow(Class<?> declared, int offset) throws SerialException {
        Serializer<?> s = described.get(declared);
        if (s != null) {
            return s;
        }
        if (declared.isArray() || !Modifier.isFinal(declared.getModifiers())) {
            throw SerialException.corrupt("object of an implied type at offset " + offset + " where the declared type "
                    + declared.getName() + " is not a final class");
        }
        int id = Builtins.idOf(declared);
        if (id > 0) {
            return lookup(id, offset);
        }
        throw SerialException.corrupt("object of implied type " + declared.getName() + " at offset " + offset
                + " before any accepted descriptor of that class");
    }

    Serializer<?> define(int id, String name, long fingerprint, int offset) throws SerialException {
        int i = checkDescriptor(id, name, offset);
        Serializer<?> s = resolve(name, fingerprint);
        put(i, s);
        return s;
    }

    /**
     * Binds a descriptor from a message trailer. A class that cannot be used here (refused by the filter, not
     * found, not serializable, another layout) does not fail the message that defines it: the id is bound to a
     * serializer that fails each read of such an object with the reason, so only the values that need the class
     * fail and the type table stays in step with the writer's. A malformed descriptor still throws.
     */
    void defineFromTrailer(int id, String name, long fingerprint, int offset) throws SerialException {
        int i = checkDescriptor(id, name, offset);
        Serializer<?> s;
        try {
            s = resolve(name, fingerprint);
        } catch (SerialException e) {
            s = new Unusable(name, e.getMessage(), e.getCause());
        }
        put(i, s);
    }

    private static int checkDescriptor(int id, String name, int offset) throws SerialException {
        int i = id - WireFormat.FIRST_DYNAMIC_ID;
        if (i < 0 || i >= WireFormat.MAX_DYNAMIC_TYPES) {
            throw SerialException.corrupt("bad type id " + Integer.toUnsignedString(id) + " in descriptor at offset "
                    + offset);
        }
        if (name == null || name.isEmpty() || name.length() > 1024) {
            throw SerialException.corrupt("bad class name in type descriptor at offset " + offset);
        }
        return i;
    }

    /**
     * Class names this reader accepted before, with their serializers, kept across {@link #clear()}: a reader of
     * self-contained messages (GMI, RepMI) meets the same descriptors in every message, and running the class
     * filter, {@code Class.forName} and the trust checks again each time was a third of decoding a small group
     * invocation (JFR). The filter, loader and registry of a reader never change, so an accepted name stays
     * accepted; only accepted names are kept (a refused one is checked again each time), at most
     * {@link #MAX_ACCEPTED} of them.
     */
    private final Map<String, Accepted> accepted = new HashMap<>();
    private static final int MAX_ACCEPTED = 1024;

    /** A class name a reader accepted: the class it loaded, its serializer and that serializer's layout hash. */
    private record Accepted(Class<?> cls, Serializer<?> serializer, long fingerprint) {
    }

    private Serializer<?> resolve(String name, long fingerprint) throws SerialException {
        Accepted known = accepted.get(name);
        if (known != null && known.fingerprint() == fingerprint) {
            described.put(known.cls(), known.serializer());
            return known.serializer();
        }
        Class<?> cls = load(name);
        Serializer<?> s;
        try {
            s = config.registry().lookup(cls);
        } catch (RuntimeException | LinkageError e) {
            throw new SerialException("no serializer for class " + name + ": " + e, e);
        }
        if (s.fingerprint() != fingerprint) {
            throw new SerialException("fingerprint mismatch for class " + name + ": the writer's layout ("
                    + Long.toHexString(fingerprint) + ") differs from the local class ("
                    + Long.toHexString(s.fingerprint()) + "); recompile both sides against the same version");
        }
        described.put(cls, s);
        if (accepted.size() >= MAX_ACCEPTED) {
            accepted.clear();
        }
        accepted.put(name, new Accepted(cls, s, fingerprint));
        return s;
    }

    private void put(int i, Serializer<?> s) {
        if (i >= dynamic.length) {
            dynamic = Arrays.copyOf(dynamic, Math.max(i + 1, dynamic.length * 2));
        }
        dynamic[i] = s;
        used = Math.max(used, i + 1);
    }

    /**
     * Stands for a class this reader cannot use: every object of it fails to decode, with the reason and its cause
     * (the {@code ClassNotFoundException} or java.io exception Java serialization would have thrown, if any).
     */
    private record Unusable(String name, String reason, Throwable cause) implements Serializer<Object> {
        @Override
        public Class<Object> type() {
            return Object.class;
        }

        @Override
        public long fingerprint() {
            return 0;
        }

        @Override
        public void write(SerialWriter out, Object value) throws SerialException {
            throw new SerialException("not writable: " + name);
        }

        @Override
        public Object read(SerialReader in) throws SerialException {
            throw new SerialException(reason, cause);
        }
    }

    private Class<?> load(String name) throws SerialException {
        // trusted-classes-only: allow patterns add to the trusted classes (checked below) instead of being the only ones
        if (config.trustedOnly() ? config.filter().denies(name) : !config.filter().allows(name)) {
            throw new SerialException("class " + name + " refused by the class filter");
        }
        Class<?> cls;
        try {
            cls = Class.forName(name, false, config.loader());
        } catch (ClassNotFoundException | LinkageError | IllegalArgumentException e) {
            throw new SerialException("class " + name + " named on the wire cannot be loaded: " + e, e);
        }
        String refused = refusal(cls, config);
        if (refused != null) {
            throw new SerialException(refused);
        }
        return cls;
    }

    /**
     * Why a reader with {@code config} refuses to make objects of the loaded class {@code cls} (an array's element
     * class decides), or null if it may; the class filter's deny patterns are checked by name, before loading.
     */
    static String refusal(Class<?> cls, Config config) {
        Class<?> element = cls;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (!element.isPrimitive() && !acceptable(element) && !config.registry().registered(element)) {
            return "class " + element.getName() + " is not serializable (implements neither"
                    + " java.io.Serializable nor is it an enum, a built-in type or a class with a serializer the"
                    + " application registered)";
        }
        if (config.trustedOnly() && !TrustedClasses.admits(element, config)) {
            return "class " + element.getName() + " is not one this process trusts peers to"
                    + " send: it was not compiled with mobula-processor here (no generated serializer, not listed in "
                    + TrustedClasses.RESOURCE + ") and is no built-in type; compile it with the processor, or allow it"
                    + " explicitly (RmiConfig.Decoding's class filter, -Dmobula.classFilter.allow=" + element.getName()
                    + ")";
        }
        return null;
    }

    private static boolean acceptable(Class<?> c) {
        return Serializable.class.isAssignableFrom(c) || c.isEnum() || Builtins.idOf(c) > 0
                || c == Object.class || c.isInterface();
    }
}
