package io.mobula.interop;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads what a plain java.rmi peer sends on one connection of the bridge (the JRMP transport header, then its
 * messages: calls, pings, DGC acknowledgements) and follows the Java serialization stream of every call (Java Object
 * Serialization Specification, chapter 6) without making any object, to bound the work of hashing it before
 * java.rmi decodes it.
 *
 * <p>A set's or list's {@code hashCode} walks every element of the collections nested in it, once per path that
 * reaches it, so collections that share their children cost exponential time in their depth while the message stays
 * a few hundred bytes (the nested-HashSet bomb). Java serialization rebuilds a {@code HashSet} or {@code HashMap} by
 * inserting each element as soon as it is read, and no {@link java.io.ObjectInputFilter} learns which object a back
 * reference names, so this check rebuilds the shape of the graph instead: for every object it knows the number of
 * collection visits hashing it costs (collections of {@code java.util} count one each and pass on their elements'
 * cost; other objects and object arrays pass on the cost of what they hold; strings, enums and primitive arrays
 * cost nothing), and it charges that cost for every element of a hash set and every key of a hash map against a
 * per-call budget, the same {@code maxHashWork} as Mobula's own decoder (mobula-serial's {@code HashWork}). A
 * reference to a collection still being read (a cycle) exhausts the budget. Charging happens when the element's
 * last byte arrives, before java.rmi can insert it.
 *
 * <p>Runs on a thread of its own and pulls bytes from {@code in}; a {@link ConnectionGuard} hands them over as the
 * connection receives them. A call over the budget is reported to the guard ({@link Cuts}) and followed to its end
 * without further charging, so that the guard can drop the rest of it and the connection goes on.
 */
final class JrmpStreamCheck {
    private static final int MAGIC = 0x4a524d49; // "JRMI"
    private static final int STREAM_PROTOCOL = 0x4b;
    private static final int SINGLE_OP_PROTOCOL = 0x4c;
    private static final int OP_CALL = 0x50;
    private static final int OP_PING = 0x52;
    private static final int OP_DGC_ACK = 0x54;
    private static final int UID_BYTES = 14;

    private static final int TC_NULL = 0x70;
    private static final int TC_REFERENCE = 0x71;
    private static final int TC_CLASSDESC = 0x72;
    private static final int TC_OBJECT = 0x73;
    private static final int TC_STRING = 0x74;
    private static final int TC_ARRAY = 0x75;
    private static final int TC_CLASS = 0x76;
    private static final int TC_BLOCKDATA = 0x77;
    private static final int TC_ENDBLOCKDATA = 0x78;
    private static final int TC_RESET = 0x79;
    private static final int TC_BLOCKDATALONG = 0x7a;
    private static final int TC_EXCEPTION = 0x7b;
    private static final int TC_LONGSTRING = 0x7c;
    private static final int TC_PROXYCLASSDESC = 0x7d;
    private static final int TC_ENUM = 0x7e;
    private static final int BASE_HANDLE = 0x7e0000;
    private static final int SC_WRITE_METHOD = 0x01;
    private static final int SC_SERIALIZABLE = 0x02;
    private static final int SC_EXTERNALIZABLE = 0x04;
    private static final int SC_BLOCK_DATA = 0x08;

    /** Hash sets: each element is hashed as it is inserted ({@code CollSer}: {@code Set.of}, {@code Map.of}). */
    private static final Set<String> HASHED_ELEMENTS = Set.of(
            "java.util.HashSet", "java.util.LinkedHashSet", "java.util.CollSer");
    /** Hash maps: their annotation holds keys and values in turn, and keys are hashed. */
    private static final Set<String> HASHED_KEYS = Set.of(
            "java.util.HashMap", "java.util.LinkedHashMap", "java.util.Hashtable", "java.util.Properties",
            "java.util.concurrent.ConcurrentHashMap");

    /** A class descriptor as the stream gives it. */
    private record Desc(String name, int flags, char[] fieldTypes, Desc superDesc) {
        boolean collection() {
            return name.startsWith("java.util.");
        }
    }

    /** What a handle names: a descriptor, or an object's hashing cost ({@code incomplete} while it is being read). */
    private static final class Node {
        final Desc desc;
        final boolean collection;
        long cost;
        boolean complete;

        Node(Desc desc, boolean collection, long cost, boolean complete) {
            this.desc = desc;
            this.collection = collection;
            this.cost = cost;
            this.complete = complete;
        }
    }

    /** What every string, class and enum constant is: no cost, nothing to follow. */
    private static final Node VALUE = new Node(null, false, 0, true);

    /** Told of a call over the hashing budget, so that only that call fails and the connection goes on. */
    interface Cuts {
        /** The call is refused for {@code why}; the byte at {@code at} completed the element over the budget. */
        void refused(InvalidObjectException why, long at);

        /** The refused call ended: the next operation begins at {@code at}. */
        void resumed(long at);
    }

    private final Counting in;
    private final Cuts cuts;
    private boolean over;
    private final long maxHashWork;
    private final long maxReferences;
    private final int maxNesting;
    private final List<Node> handles = new ArrayList<>();
    private long hashWork;
    private int nesting;

    /**
     * @param in          the bytes the peer sent, in order, from the first
     * @param maxHashWork the budget of collection visits per call (mobula.maxHashWork)
     * @param maxDepth    how deep a call's objects may nest (mobula.maxDepth); the check refuses deeper streams
     * @param maxReferences how many objects one call may name (mobula.jrmp.maxReferences)
     */
    JrmpStreamCheck(InputStream in, long maxHashWork, int maxDepth, long maxReferences) {
        this(in, null, maxHashWork, maxDepth, maxReferences);
    }

    /**
     * With {@code cuts}, a call over the hashing budget is reported there and followed to its end without further
     * charging (its bytes stay well-formed), instead of ending the check; without, it ends the check.
     */
    JrmpStreamCheck(InputStream in, Cuts cuts, long maxHashWork, int maxDepth, long maxReferences) {
        this.in = new Counting(in);
        this.cuts = cuts;
        this.maxHashWork = maxHashWork;
        this.maxReferences = maxReferences;
        this.maxNesting = 4 * maxDepth + 16; // a descriptor nests inside its object, a super descriptor in its class
    }

    /** How many bytes the check has taken in so far. */
    long position() {
        return in.position;
    }

    /**
     * Follows the connection until its end. Returns normally at its end, or when it leaves what the check knows
     * (another transport protocol or an unknown operation: java.rmi closes such a connection itself).
     *
     * @throws InvalidObjectException when a call would cost more than the budget, or its stream is malformed
     */
    void run() throws IOException {
        if (in.readInt() != MAGIC) {
            return;
        }
        in.readShort(); // version: java.rmi checks it
        int protocol = in.read();
        if (protocol == STREAM_PROTOCOL) {
            in.skipFully(in.readUnsignedShort()); // the client's idea of its host name
            in.readInt(); // and port
        } else if (protocol != SINGLE_OP_PROTOCOL) {
            return;
        }
        int op = in.read();
        while (op >= 0) {
            switch (op) {
                case OP_CALL -> op = call();
                case OP_PING -> op = in.read();
                case OP_DGC_ACK -> {
                    in.skipFully(UID_BYTES);
                    op = in.read();
                }
                default -> {
                    return;
                }
            }
        }
    }

    /** One call's serialization stream; returns the byte after it (the next operation), or -1 at the end. */
    private int call() throws IOException {
        if (in.readUnsignedShort() != 0xaced || in.readUnsignedShort() != 5) {
            throw refuse("a call that is no Java serialization stream (version 5)");
        }
        handles.clear();
        hashWork = 0;
        over = false;
        while (true) {
            int tc = in.read();
            if (tc < TC_NULL || tc > TC_ENUM || tc == TC_ENDBLOCKDATA) {
                // the call's stream ended: the next operation, or the end of the connection
                if (over) {
                    cuts.resumed(tc < 0 ? in.position : in.position - 1);
                }
                return tc;
            }
            content(tc);
        }
    }

    /** One content item whose type code was read; the hashing cost of the object it gives (0 for data). */
    private long content(int tc) throws IOException {
        if (++nesting > maxNesting) {
            throw refuse("objects nested deeper than maxDepth");
        }
        try {
            return switch (tc) {
                case TC_NULL -> 0;
                case TC_REFERENCE -> reference(handle(in.readInt()));
                case TC_CLASSDESC, TC_PROXYCLASSDESC -> {
                    classDesc(tc);
                    yield 0;
                }
                case TC_OBJECT -> object();
                case TC_STRING -> string(in.readUnsignedShort());
                case TC_LONGSTRING -> string(in.readLong());
                case TC_ARRAY -> array();
                case TC_CLASS -> {
                    classDesc(in.read());
                    assign(null, false, 0, true);
                    yield 0;
                }
                case TC_ENUM -> {
                    classDesc(in.read());
                    assign(null, false, 0, true);
                    int name = in.read();
                    if (name != TC_STRING && name != TC_LONGSTRING && name != TC_REFERENCE) {
                        throw refuse("an enum constant without a name");
                    }
                    content(name);
                    yield 0;
                }
                case TC_BLOCKDATA -> {
                    in.skipFully(in.read());
                    yield 0;
                }
                case TC_BLOCKDATALONG -> {
                    int n = in.readInt();
                    if (n < 0) {
                        throw refuse("a negative block length");
                    }
                    in.skipFully(n);
                    yield 0;
                }
                case TC_RESET -> {
                    handles.clear();
                    yield 0;
                }
                case TC_EXCEPTION -> throw refuse("the peer aborted writing the call");
                default -> throw refuse("type code " + Integer.toHexString(tc) + " where an object belongs");
            };
        } finally {
            nesting--;
        }
    }

    private long string(long length) throws IOException {
        if (length < 0) {
            throw refuse("a negative string length");
        }
        in.skipFully(length);
        assign(null, false, 0, true);
        return 0;
    }

    private static long reference(Node n) {
        if (n.complete) {
            return n.cost;
        }
        return n.collection ? Long.MAX_VALUE : 0; // a collection that holds itself: hashing it never ends
    }

    /** A class descriptor where one belongs, whose type code was read: new, null or a reference to one. */
    private Desc classDesc(int tc) throws IOException {
        return switch (tc) {
            case TC_NULL -> null;
            case TC_REFERENCE -> {
                Node n = handle(in.readInt());
                if (n.desc == null) {
                    throw refuse("a reference to an object where a class descriptor belongs");
                }
                yield n.desc;
            }
            case TC_CLASSDESC, TC_PROXYCLASSDESC -> {
                if (++nesting > maxNesting) {
                    throw refuse("class descriptors nested deeper than maxDepth");
                }
                try {
                    yield tc == TC_CLASSDESC ? newClassDesc() : newProxyDesc();
                } finally {
                    nesting--;
                }
            }
            default -> throw refuse("type code " + Integer.toHexString(tc) + " where a class descriptor belongs");
        };
    }

    private Desc newClassDesc() throws IOException {
        String name = in.readUtf();
        in.readLong(); // serialVersionUID
        int handle = reserve();
        int flags = in.read();
        int fields = in.readUnsignedShort();
        char[] types = new char[fields];
        for (int i = 0; i < fields; i++) {
            types[i] = (char) in.read();
            in.skipFully(in.readUnsignedShort()); // field name
            if (types[i] == 'L' || types[i] == '[') {
                int tc = in.read();
                if (tc != TC_STRING && tc != TC_LONGSTRING && tc != TC_REFERENCE && tc != TC_NULL) {
                    throw refuse("a field type that is no string");
                }
                content(tc);
            } else if (primitiveSize(types[i]) < 0) {
                throw refuse("field type code " + (int) types[i]);
            }
        }
        annotation();
        Desc desc = new Desc(name, flags, types, classDesc(in.read()));
        handles.set(handle, new Node(desc, false, 0, true));
        return desc;
    }

    private Desc newProxyDesc() throws IOException {
        int handle = reserve();
        int interfaces = in.readInt();
        if (interfaces < 0 || interfaces > 65535) {
            throw refuse("a proxy class with " + interfaces + " interfaces");
        }
        for (int i = 0; i < interfaces; i++) {
            in.skipFully(in.readUnsignedShort());
        }
        annotation();
        Desc desc = new Desc("$Proxy", SC_SERIALIZABLE, new char[0], classDesc(in.read()));
        handles.set(handle, new Node(desc, false, 0, true));
        return desc;
    }

    /** A descriptor's handle, named before the descriptor is complete (nothing can refer to it meanwhile). */
    private int reserve() throws InvalidObjectException {
        add(VALUE);
        return handles.size() - 1;
    }

    /** Contents up to the end-of-block-data marker; returns the hashing cost of the objects among them. */
    private long annotation() throws IOException {
        return annotation(null);
    }

    private long object() throws IOException {
        Desc desc = classDesc(in.read());
        if (desc == null) {
            throw refuse("an object without a class");
        }
        Node node = assign(null, desc.collection(), 0, false);
        List<Desc> chain = new ArrayList<>();
        for (Desc d = desc; d != null; d = d.superDesc) {
            chain.add(d);
        }
        long cost = desc.collection() ? 1 : 0;
        for (int i = chain.size() - 1; i >= 0; i--) {
            Desc d = chain.get(i);
            if ((d.flags & SC_EXTERNALIZABLE) != 0) {
                if ((d.flags & SC_BLOCK_DATA) == 0) {
                    throw refuse("externalizable data of protocol version 1 (" + d.name + "), which cannot be checked");
                }
                cost = add(cost, annotation(d));
            } else if ((d.flags & SC_SERIALIZABLE) != 0) {
                cost = add(cost, values(d.fieldTypes));
                if ((d.flags & SC_WRITE_METHOD) != 0) {
                    cost = add(cost, annotation(d));
                }
            }
        }
        node.cost = cost;
        node.complete = true;
        return cost;
    }

    /** The annotation of class {@code d} of an object (null: of a descriptor): hashed elements are charged. */
    private long annotation(Desc d) throws IOException {
        boolean elements = d != null && HASHED_ELEMENTS.contains(d.name);
        boolean keys = d != null && HASHED_KEYS.contains(d.name);
        long cost = 0;
        int index = 0;
        for (int tc = in.read(); tc != TC_ENDBLOCKDATA; tc = in.read()) {
            if (tc < 0) {
                throw new EOFException("the stream ended inside an annotation");
            }
            boolean data = tc == TC_BLOCKDATA || tc == TC_BLOCKDATALONG;
            long c = content(tc);
            if (!data) {
                if (elements || (keys && index % 2 == 0)) {
                    charge(c, d.name);
                }
                index++;
                cost = add(cost, c);
            }
        }
        return cost;
    }

    private long values(char[] types) throws IOException {
        long cost = 0;
        for (char t : types) {
            int size = primitiveSize(t);
            if (size > 0) {
                in.skipFully(size);
            } else {
                cost = add(cost, content(in.read()));
            }
        }
        return cost;
    }

    private long array() throws IOException {
        Desc desc = classDesc(in.read());
        if (desc == null || desc.name.length() < 2 || desc.name.charAt(0) != '[') {
            throw refuse("an array without an array class");
        }
        Node node = assign(null, false, 0, false);
        int length = in.readInt();
        if (length < 0) {
            throw refuse("a negative array length");
        }
        char element = desc.name.charAt(1);
        long cost = 0;
        if (element == 'L' || element == '[') {
            for (int i = 0; i < length; i++) {
                cost = add(cost, content(in.read()));
            }
        } else {
            int size = primitiveSize(element);
            if (size < 0) {
                throw refuse("array class " + desc.name);
            }
            in.skipFully((long) size * length);
        }
        node.cost = cost;
        node.complete = true;
        return cost;
    }

    private void charge(long cost, String container) throws InvalidObjectException {
        if (over) {
            return;
        }
        hashWork = add(hashWork, cost);
        if (hashWork > maxHashWork) {
            InvalidObjectException e = refuse("hashing the elements of its " + container + " objects would visit more"
                    + " than maxHashWork " + maxHashWork + " collections (nested collections that share their elements,"
                    + " or a collection that holds itself)");
            if (cuts == null) {
                throw e;
            }
            over = true;
            cuts.refused(e, in.position - 1);
        }
    }

    private static long add(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    private Node assign(Desc desc, boolean collection, long cost, boolean complete) throws InvalidObjectException {
        Node n = desc == null && !collection && cost == 0 && complete ? VALUE
                : new Node(desc, collection, cost, complete);
        add(n);
        return n;
    }

    private void add(Node n) throws InvalidObjectException {
        if (handles.size() >= maxReferences) {
            throw refuse("more than " + maxReferences + " objects (mobula.jrmp.maxReferences)");
        }
        handles.add(n);
    }

    private Node handle(int wire) throws InvalidObjectException {
        int h = wire - BASE_HANDLE;
        if (h < 0 || h >= handles.size()) {
            throw refuse("a reference to handle " + Integer.toHexString(wire) + ", which names nothing");
        }
        return handles.get(h);
    }

    private static int primitiveSize(char type) {
        return switch (type) {
            case 'B', 'Z' -> 1;
            case 'C', 'S' -> 2;
            case 'I', 'F' -> 4;
            case 'J', 'D' -> 8;
            case 'L', '[' -> 0;
            default -> -1;
        };
    }

    private static InvalidObjectException refuse(String what) {
        return new InvalidObjectException("the JRMP bridge refused a call: " + what + " (docs/SECURITY.md, \"The JRMP"
                + " bridge\")");
    }

    /** Big-endian reads that count the bytes taken. */
    private static final class Counting {
        private final InputStream in;
        private final byte[] skip = new byte[8192];
        long position;

        Counting(InputStream in) {
            this.in = in;
        }

        int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                position++;
            }
            return b;
        }

        private int next() throws IOException {
            int b = read();
            if (b < 0) {
                throw new EOFException();
            }
            return b;
        }

        int readUnsignedShort() throws IOException {
            return next() << 8 | next();
        }

        void readShort() throws IOException {
            readUnsignedShort();
        }

        int readInt() throws IOException {
            return next() << 24 | next() << 16 | next() << 8 | next();
        }

        long readLong() throws IOException {
            return (long) readInt() << 32 | readInt() & 0xffffffffL;
        }

        String readUtf() throws IOException {
            int n = readUnsignedShort();
            byte[] framed = new byte[n + 2];
            framed[0] = (byte) (n >> 8);
            framed[1] = (byte) n;
            for (int i = 0; i < n; i++) {
                framed[2 + i] = (byte) next();
            }
            return new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
        }

        void skipFully(long n) throws IOException {
            while (n > 0) {
                int r = in.read(skip, 0, (int) Math.min(skip.length, n));
                if (r < 0) {
                    throw new EOFException();
                }
                position += r;
                n -= r;
            }
        }
    }
}
