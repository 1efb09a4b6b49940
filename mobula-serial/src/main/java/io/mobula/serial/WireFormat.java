package io.mobula.serial;

/**
 * The Mobula wire format (see also docs/WIRE.md). Constants only.
 *
 * <pre>
 * standalone form (Serialization.toBytes / write):
 *   +------+------+---------+-------+----------------+
 *   | 'M'  | 'B'  | version | order |  object ...    |      order: 0 = big endian, 1 = little endian
 *   +------+------+---------+-------+----------------+
 *
 * object (SerialWriter.writeObject):
 *   NULL      : [0]
 *   HANDLE    : [1] varint handle                     back-reference into this message's handle table
 *   NEW       : [2] varint typeId   body              typeId predefined (built-in) or defined earlier
 *   TYPE_DEF  : [3] varint typeId  string className  fingerprint(8)  body
 *                                                     once per writer (= per peer), then NEW
 *   IMPLIED   : [4] body                              (writeFinal) a final declared type whose descriptor
 *                                                     this writer sent already; an enum's body is its
 *                                                     ordinal and it takes no handle
 *   LIST      : [5] varint n  n elements              (writeList) an ArrayList in a field declared List,
 *                                                     Collection or ArrayList of E, E String or final:
 *                                                     String elements as string values (no handle), other
 *                                                     elements as writeFinal writes them; the list takes a
 *                                                     handle like NEW
 *
 *   Every NEW / TYPE_DEF object takes the next handle (0, 1, 2, ...) BEFORE its body is written, so
 *   cycles and shared references decode to the same graph. Handles reset per message
 *   (beginMessage, copy semantics); type ids do not (UKA's two kinds of reset, KaRMI paper).
 *
 * body: what the class's Serializer writes, e.g. fields in fingerprint order (superclass level first,
 *   by name within a level; record components in declaration order).
 *   primitive array : varint length, then length * size bytes in the writer's byte order (bulk copy)
 *   Object[] / X[]  : varint length, then length objects
 *   enum            : varint ordinal
 *   Throwable       : string message, object cause, varint frames (&lt;= 4096) x (class, method, file,
 *                     int line, loader, module, version), varint suppressed (&lt;= 256) x object, then the
 *                     class levels below Throwable (or a JDK class's constructor arguments); see
 *                     ThrowableSerializer
 *
 * string (writeString, value semantics, no handle):
 *   varint h : 0 = null; else n = (h - 1) &gt;&gt;&gt; 1 bytes follow, Latin-1 if (h - 1) &amp; 1 == 0,
 *              UTF-8 (unpaired surrogates as 3-byte sequences) otherwise
 * varint: unsigned LEB128, 7 bits per byte, low group first (int: at most 5 bytes).
 * primitives: fixed size in the writer's byte order; the reader uses the order the sender announced
 *   (receiver makes right, thesis 3.3.2).
 * </pre>
 */
final class WireFormat {
    static final byte TAG_NULL = 0;
    static final byte TAG_HANDLE = 1;
    static final byte TAG_NEW = 2;
    static final byte TAG_TYPE_DEF = 3;
    /** A new object of the declared (final) class: no type id; an enum is just its ordinal, without a handle. */
    static final byte TAG_IMPLIED = 4;
    /** An ArrayList whose elements are written in the encoding of the declared element type (writeList). */
    static final byte TAG_LIST = 5;

    static final byte MAGIC_0 = 'M';
    static final byte MAGIC_1 = 'B';
    static final byte VERSION = 3; // 2: TAG_IMPLIED for final declared types; 3: TAG_LIST for typed list fields
    /** Versions 1 and 2 are version 3 without TAG_IMPLIED and TAG_LIST, so a version 3 reader reads them unchanged. */
    static final byte OLDEST_READABLE_VERSION = 1;
    static final byte ORDER_BIG = 0;
    static final byte ORDER_LITTLE = 1;
    static final int HEADER_SIZE = 4;

    /** Ids below this are predefined built-ins; a writer numbers the types it defines from here. */
    static final int FIRST_DYNAMIC_ID = 128;
    /** Upper bound on the types one peer may define, so a hostile peer cannot grow the table forever. */
    static final int MAX_DYNAMIC_TYPES = 1 << 16;

    /**
     * Whether a reference of this declared type is written with {@link SerialWriter#writeFinal} (type implied)
     * rather than {@link SerialWriter#writeObject}: a final class other than String (which has its own value
     * encoding) and arrays. Generated serializers apply the same rule at compile time.
     */
    static boolean impliedType(Class<?> declared) {
        return !declared.isPrimitive() && !declared.isArray() && declared != String.class
                && java.lang.reflect.Modifier.isFinal(declared.getModifiers());
    }

    /**
     * The element type of a reference declared {@code List<E>}, {@code Collection<E>} or {@code ArrayList<E>} whose
     * elements are written with {@link SerialWriter#writeList} (element type implied): {@code E} must be String or
     * a type {@link #impliedType} accepts, given as a class (not a wildcard or type variable). {@code null} for
     * every other declared type. Generated serializers apply the same rule at compile time.
     *
     * @param declared the erased declared type
     * @param generic the declared type with its type arguments ({@code Field.getGenericType()})
     */
    static Class<?> listElement(Class<?> declared, java.lang.reflect.Type generic) {
        if ((declared != java.util.List.class && declared != java.util.Collection.class
                && declared != java.util.ArrayList.class)
                || !(generic instanceof java.lang.reflect.ParameterizedType p)
                || p.getActualTypeArguments().length != 1
                || !(p.getActualTypeArguments()[0] instanceof Class<?> e)) {
            return null;
        }
        return e == String.class || impliedType(e) ? e : null;
    }

    private WireFormat() {}
}
