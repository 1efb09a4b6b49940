package io.mobula.serial;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes what a {@link SerialWriter} wrote. Reads from a {@link ByteBuffer} given per message (a
 * flyweight: nothing is copied); the byte order is the buffer's order, which the caller sets to the
 * sender's announced order (receiver makes right, thesis 3.3.2). Type ids persist across messages (one
 * reader per peer); the handle table is reset per message. Not thread-safe.
 *
 * <p>Every read is bounds-checked; malformed, truncated or hostile input fails with a
 * {@link SerialException}, never with another exception, and lengths are checked against the limits and
 * the remaining bytes before anything is allocated.
 */
public final class SerialReader {
    private static final Object UNDER_CONSTRUCTION = new Object();
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private final Config config;
    private ByteBuffer src = EMPTY;

    private Object[] handles = new Object[64];
    private int handleCount;
    private int pending = -1;
    private int depth;
    /** The hashing work this message's set elements and map keys cost so far ({@link HashWork}). */
    private long hashWork;
    /** The slots this message made the decoder allocate beyond what its bytes account for. */
    private long unbackedSlots;

    /**
     * The most slots one message may make the decoder allocate that its bytes do not account for (the capacities of
     * its {@code ArrayBlockingQueue}s): 2^20, 4 to 8 MB of references. A length read with {@link #readLength} is
     * backed by the bytes left; a capacity is a bare number, so {@code maxArrayLength} alone (2^26 by default) let a
     * message of a dozen bytes allocate 256 MB.
     */
    static final int MAX_UNBACKED_SLOTS = 1 << 20;

    private final ReaderTypes types;
    private byte[] scratchBytes = new byte[64];
    private char[] scratchChars = new char[64];
    private HookInput hookInput;

    SerialReader(Config config) {
        this.config = config;
        this.types = new ReaderTypes(config);
    }

    // ------------------------------------------------------------------ framing

    /**
     * Starts decoding a message. Resets the handle table; type ids defined by earlier messages stay.
     *
     * @param message the bytes from position to limit; its {@link ByteBuffer#order()} must be the sender's
     */
    public void beginMessage(ByteBuffer message) {
        src = message;
        Arrays.fill(handles, 0, handleCount, null);
        handleCount = 0;
        pending = -1;
        depth = 0;
        hashWork = 0;
        unbackedSlots = 0;
    }

    /**
     * Charges an allocation the input does not pay for with its own bytes (the capacity of an
     * {@code ArrayBlockingQueue}: a few bytes name an array of that many slots) against this message's budget:
     * {@link #MAX_UNBACKED_SLOTS} slots in all, or {@code maxArrayLength} if that is lower; call before allocating.
     *
     * @throws SerialException when the message's budget is exceeded
     */
    void chargeUnbackedSlots(int slots, String what) throws SerialException {
        long limit = Math.min(MAX_UNBACKED_SLOTS, config.maxArrayLength());
        unbackedSlots += slots;
        if (slots < 0 || unbackedSlots > limit) {
            throw new SerialException(what + " " + Integer.toUnsignedString(slots) + " would make this message allocate"
                    + " more than " + limit + " slots its bytes do not account for");
        }
    }

    /**
     * Charges the work of hashing {@code key} into a set or map being decoded against this message's budget
     * ({@link Serialization.Builder#maxHashWork}); call before inserting it.
     *
     * @throws SerialException when the message's budget is exceeded
     */
    void chargeHashing(Object key) throws SerialException {
        long limit = config.maxHashWork();
        hashWork += HashWork.cost(key, limit - hashWork, config.maxDepth());
        if (hashWork > limit) {
            throw new SerialException("hashing the sets and map keys of this message would visit more than maxHashWork "
                    + limit + " nested collection elements (collections that share their children, or a cycle)");
        }
    }

    /**
     * Starts decoding a message of a {@link Serialization#newPeerWriter() peer writer}. When the writer's
     * {@link SerialWriter#endMessage()} returned true, the message ends with a trailer of type descriptors: they are
     * bound first (a class unusable here fails only the objects that need it), and the message is limited to the
     * body.
     *
     * @param message       the bytes from position to limit, in the sender's order; its limit is moved to the body's end
     * @param typeDefsAtEnd whether the message carries a descriptor trailer
     * @throws SerialException when the trailer is malformed (the peers' type tables may then differ: a protocol
     *                         error)
     */
    public void beginMessage(ByteBuffer message, boolean typeDefsAtEnd) throws SerialException {
        beginMessage(message);
        if (!typeDefsAtEnd) {
            return;
        }
        int start = message.position();
        int limit = message.limit();
        if (limit - start < 4) {
            throw SerialException.corrupt("message of " + (limit - start) + " bytes is too short for its type trailer");
        }
        int length = message.getInt(limit - 4);
        if (length <= 0 || length > limit - start - 4) {
            throw SerialException.corrupt("type trailer of " + length + " bytes does not fit the message of "
                    + (limit - start) + " bytes");
        }
        int at = limit - 4 - length - start;
        message.limit(limit - 4).position(start + at);
        try {
            while (message.hasRemaining()) {
                int off = message.position() - start;
                int id = readVarInt();
                String name = readString();
                long fp = readLong();
                types.defineFromTrailer(id, name, fp, off);
            }
        } catch (SerialException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw wrap(e);
        }
        message.limit(start + at).position(start);
    }

    /** Forgets the type ids too (self-contained standalone messages). */
    void resetTypes() {
        types.clear();
    }

    /** Drops the reference to the last message buffer and its objects. */
    void release() {
        beginMessage(EMPTY);
    }

    /** @return bytes left in the current message */
    public int remaining() {
        return src.remaining();
    }

    /** @return the byte order of the current message */
    public ByteOrder byteOrder() {
        return src.order();
    }

    private void need(int n) throws SerialException {
        if (src.remaining() < n) {
            throw truncated(n);
        }
    }

    private SerialException truncated(long n) {
        return SerialException.corrupt("truncated input: need " + n + " bytes at offset " + src.position()
                + ", " + src.remaining() + " left");
    }

    // ------------------------------------------------------------------ primitives

    /** @return the value */
    public boolean readBoolean() throws IOException {
        need(1);
        byte b = src.get();
        if ((b & ~1) != 0) {
            throw SerialException.corrupt("bad boolean byte " + b + " at offset " + (src.position() - 1));
        }
        return b != 0;
    }

    /** @return the value */
    public byte readByte() throws IOException {
        need(1);
        return src.get();
    }

    /** @return the value */
    public short readShort() throws IOException {
        need(2);
        return src.getShort();
    }

    /** @return the value */
    public char readChar() throws IOException {
        need(2);
        return src.getChar();
    }

    /** @return the value */
    public int readInt() throws IOException {
        need(4);
        return src.getInt();
    }

    /** @return the value */
    public long readLong() throws IOException {
        need(8);
        return src.getLong();
    }

    /** @return the value */
    public float readFloat() throws IOException {
        need(4);
        return src.getFloat();
    }

    /** @return the value */
    public double readDouble() throws IOException {
        need(8);
        return src.getDouble();
    }

    /** @return an unsigned LEB128 int (at most 5 bytes) */
    public int readVarInt() throws IOException {
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            need(1);
            byte b = src.get();
            result |= (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 28 && (b & 0x70) != 0) {
                    break;
                }
                return result;
            }
        }
        throw SerialException.corrupt("malformed varint at offset " + src.position());
    }

    /** @return an unsigned LEB128 long (at most 10 bytes) */
    public long readVarLong() throws IOException {
        long result = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            need(1);
            byte b = src.get();
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 63 && (b & 0x7E) != 0) {
                    break;
                }
                return result;
            }
        }
        throw SerialException.corrupt("malformed varint at offset " + src.position());
    }

    /**
     * Reads a length and checks it against maxArrayLength and against the bytes left, assuming every
     * element takes at least {@code minBytesPerElement} bytes, before the caller allocates anything.
     */
    int readLength(int minBytesPerElement) throws IOException {
        int n = readVarInt();
        if (n < 0 || n > config.maxArrayLength()) {
            throw new SerialException("length " + Integer.toUnsignedString(n) + " at offset " + src.position()
                    + " exceeds maxArrayLength " + config.maxArrayLength());
        }
        if ((long) n * minBytesPerElement > src.remaining()) {
            throw SerialException.corrupt("length " + n + " at offset " + src.position()
                    + " larger than the " + src.remaining() + " bytes left");
        }
        return n;
    }

    /** @return a string written by {@link SerialWriter#writeString}, or null */
    public String readString() throws IOException {
        ByteBuffer s = src;
        int p = s.position();
        int left = s.limit() - p - 1;
        if (left >= 0 && s.hasArray()) {
            // the common case in one step: a Latin-1 string of fewer than 64 chars (one-byte header) in an array
            int h = s.get(p);
            if (h > 0 && (h & 1) == 1 && (h >>> 1) <= left) {
                int n = h >>> 1;
                String str = new String(s.array(), s.arrayOffset() + p + 1, n, StandardCharsets.ISO_8859_1);
                s.position(p + 1 + n);
                return str;
            }
        }
        return readStringSlow();
    }

    private String readStringSlow() throws IOException {
        int h = readVarInt();
        if (h == 0) {
            return null;
        }
        int n = (h - 1) >>> 1;
        boolean utf8 = ((h - 1) & 1) != 0;
        if (n > src.remaining()) {
            throw truncated(n);
        }
        if (!utf8) {
            String s;
            if (src.hasArray()) {
                s = new String(src.array(), src.arrayOffset() + src.position(), n, StandardCharsets.ISO_8859_1);
                src.position(src.position() + n);
            } else {
                byte[] b = scratch(n);
                src.get(b, 0, n);
                s = new String(b, 0, n, StandardCharsets.ISO_8859_1);
            }
            return s;
        }
        return readUtf8(n);
    }

    private byte[] scratch(int n) {
        if (scratchBytes.length < n) {
            scratchBytes = new byte[Math.max(n, scratchBytes.length * 2)];
        }
        return scratchBytes;
    }

    private String readUtf8(int n) throws SerialException {
        if (scratchChars.length < n) {
            scratchChars = new char[Math.max(n, scratchChars.length * 2)];
        }
        char[] out = scratchChars;
        int k = 0;
        int end = src.position() + n;
        ByteBuffer s = src;
        int p = s.position();
        while (p < end) {
            int b = s.get(p++) & 0xFF;
            if (b < 0x80) {
                out[k++] = (char) b;
            } else if ((b & 0xE0) == 0xC0 && p < end) {
                out[k++] = (char) (((b & 0x1F) << 6) | cont(s, p++));
            } else if ((b & 0xF0) == 0xE0 && p + 1 < end) {
                out[k++] = (char) (((b & 0x0F) << 12) | (cont(s, p) << 6) | cont(s, p + 1));
                p += 2;
            } else if ((b & 0xF8) == 0xF0 && p + 2 < end) {
                int cp = ((b & 0x07) << 18) | (cont(s, p) << 12) | (cont(s, p + 1) << 6) | cont(s, p + 2);
                p += 3;
                if (cp < 0x10000 || cp > Character.MAX_CODE_POINT) {
                    throw SerialException.corrupt("bad UTF-8 code point at offset " + p);
                }
                out[k++] = Character.highSurrogate(cp);
                out[k++] = Character.lowSurrogate(cp);
            } else {
                throw SerialException.corrupt("malformed UTF-8 at offset " + (p - 1));
            }
        }
        s.position(end);
        return new String(out, 0, k);
    }

    private static int cont(ByteBuffer s, int p) throws SerialException {
        int b = s.get(p) & 0xFF;
        if ((b & 0xC0) != 0x80) {
            throw SerialException.corrupt("malformed UTF-8 continuation byte at offset " + p);
        }
        return b & 0x3F;
    }

    // ------------------------------------------------------------------ primitive arrays

    /** @return the array or null */
    public boolean[] readBooleanArray() throws IOException {
        return readObject(boolean[].class);
    }

    /** @return the array or null */
    public byte[] readByteArray() throws IOException {
        return readObject(byte[].class);
    }

    /** @return the array or null */
    public short[] readShortArray() throws IOException {
        return readObject(short[].class);
    }

    /** @return the array or null */
    public char[] readCharArray() throws IOException {
        return readObject(char[].class);
    }

    /** @return the array or null */
    public int[] readIntArray() throws IOException {
        return readObject(int[].class);
    }

    /** @return the array or null */
    public long[] readLongArray() throws IOException {
        return readObject(long[].class);
    }

    /** @return the array or null */
    public float[] readFloatArray() throws IOException {
        return readObject(float[].class);
    }

    /** @return the array or null */
    public double[] readDoubleArray() throws IOException {
        return readObject(double[].class);
    }

    boolean[] readBooleanArrayBody() throws IOException {
        int n = readLength(1);
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
            byte b = src.get();
            if ((b & ~1) != 0) {
                throw SerialException.corrupt("bad boolean byte " + b + " at offset " + (src.position() - 1));
            }
            a[i] = b != 0;
        }
        return a;
    }

    byte[] readByteArrayBody() throws IOException {
        byte[] a = new byte[readLength(1)];
        src.get(a);
        return a;
    }

    short[] readShortArrayBody() throws IOException {
        short[] a = new short[readLength(2)];
        src.asShortBuffer().get(a);
        src.position(src.position() + (a.length << 1));
        return a;
    }

    char[] readCharArrayBody() throws IOException {
        char[] a = new char[readLength(2)];
        src.asCharBuffer().get(a);
        src.position(src.position() + (a.length << 1));
        return a;
    }

    int[] readIntArrayBody() throws IOException {
        int[] a = new int[readLength(4)];
        src.asIntBuffer().get(a);
        src.position(src.position() + (a.length << 2));
        return a;
    }

    long[] readLongArrayBody() throws IOException {
        long[] a = new long[readLength(8)];
        src.asLongBuffer().get(a);
        src.position(src.position() + (a.length << 3));
        return a;
    }

    float[] readFloatArrayBody() throws IOException {
        float[] a = new float[readLength(4)];
        src.asFloatBuffer().get(a);
        src.position(src.position() + (a.length << 2));
        return a;
    }

    double[] readDoubleArrayBody() throws IOException {
        double[] a = new double[readLength(8)];
        src.asDoubleBuffer().get(a);
        src.position(src.position() + (a.length << 3));
        return a;
    }

    // ------------------------------------------------------------------ objects

    /**
     * Reads one object written by {@link SerialWriter#writeObject}.
     *
     * @return the object (shared references and cycles restored) or null
     * @throws SerialException on any malformed, truncated, refused or over-limit input; exceptions thrown
     *     by serializers are wrapped into it as well
     */
    public Object readObject() throws IOException {
        return readObjectAs(null, null);
    }

    private Object readObjectAs(Class<?> expected, Class<?> element) throws IOException {
        if (depth > 0) {
            return readObject0(expected, element);
        }
        try {
            return readObject0(expected, element);
        } catch (SerialException e) {
            throw e;
        } catch (IOException | RuntimeException | Error e) {
            throw wrap(e);
        } finally {
            depth = 0;
            pending = -1;
        }
    }

    static SerialException wrap(Throwable e) {
        if (e instanceof SerialException s) {
            return s;
        }
        String what = e instanceof StackOverflowError ? "object graph too deep for the thread stack"
                : e instanceof OutOfMemoryError ? "out of memory while decoding"
                : "decoding failed";
        return new SerialException(what + ": " + e, e);
    }

    /**
     * Reads one object and checks its class; generated code uses it for typed fields. Besides everything
     * {@link SerialWriter#writeObject} writes, it accepts what {@link SerialWriter#writeFinal} writes when
     * {@code expected} is that final class.
     *
     * @param expected the static type of the field
     * @param <T> the static type
     * @return the object or null
     * @throws SerialException if the object is not an instance of {@code expected}
     */
    public <T> T readObject(Class<T> expected) throws IOException {
        return checked(readObjectAs(expected, null), expected);
    }

    /**
     * Reads a reference written by {@link SerialWriter#writeList}: besides everything {@link #readObject(Class)}
     * accepts, a list written with the LIST tag, whose elements are read in the encoding of {@code element} (String
     * values, or objects as {@link #readObject(Class)} reads them given {@code element}). Such a list decodes to an
     * {@link java.util.ArrayList}.
     *
     * @param declared the static type of the field: List, Collection or ArrayList
     * @param element the declared element type: String or a final class
     * @param <T> the static type
     * @return the list or null
     * @throws SerialException on malformed input, or if the object is not an instance of {@code declared}
     */
    public <T> T readList(Class<T> declared, Class<?> element) throws IOException {
        if (element != String.class && !WireFormat.impliedType(element)) {
            throw new IllegalArgumentException("element type " + element.getName() + " is neither String nor final");
        }
        return checked(readObjectAs(declared, element), declared);
    }

    private <T> T checked(Object o, Class<T> expected) throws SerialException {
        if (o != null && !expected.isInstance(o)) {
            throw new SerialException("expected " + expected.getName() + " but decoded " + o.getClass().getName()
                    + " (ending at offset " + src.position() + ")");
        }
        @SuppressWarnings("unchecked")
        T t = (T) o;
        return t;
    }

    private Object readObject0(Class<?> expected, Class<?> element) throws IOException {
        need(1);
        int at = src.position();
        byte tag = src.get();
        switch (tag) {
            case WireFormat.TAG_NULL:
                return null;
            case WireFormat.TAG_HANDLE: {
                int h = readVarInt();
                if (h < 0 || h >= handleCount) {
                    throw SerialException.corrupt("unknown handle " + h + " at offset " + at);
                }
                Object o = handles[h];
                if (o == UNDER_CONSTRUCTION) {
                    throw new SerialException("back-reference at offset " + at + " to an object still under"
                            + " construction (a cycle through a record, readResolve or immutable value)");
                }
                return o;
            }
            case WireFormat.TAG_NEW:
                return readBody(types.lookup(readVarInt(), at));
            case WireFormat.TAG_TYPE_DEF: {
                int id = readVarInt();
                String name = readString();
                long fp = readLong();
                return readBody(types.define(id, name, fp, at));
            }
            case WireFormat.TAG_IMPLIED: {
                if (expected == null) {
                    throw SerialException.corrupt("object of an implied type at offset " + at
                            + " where no declared type is known");
                }
                Serializer<?> s = types.implied(expected, at);
                if (s instanceof EnumSerializer<?> e) {
                    return e.read(this); // a bare ordinal: constants take no handle
                }
                return readBody(s);
            }
            case WireFormat.TAG_LIST: {
                if (element == null) {
                    throw SerialException.corrupt("list of an implied element type at offset " + at
                            + " where no element type is known");
                }
                return readList(element);
            }
            default:
                throw SerialException.corrupt("bad object tag " + tag + " at offset " + at);
        }
    }

    /** The body of a LIST-tagged list: registered before its elements, as any mutable collection is. */
    private Object readList(Class<?> element) throws IOException {
        int n = readLength(1); // every element (a string value or a tagged object) takes at least one byte
        if (depth >= config.maxDepth()) {
            throw new SerialException("object graph nested deeper than maxDepth " + config.maxDepth()
                    + " at offset " + src.position());
        }
        if (handleCount == handles.length) {
            handles = Arrays.copyOf(handles, handleCount * 2);
        }
        java.util.ArrayList<Object> list = new java.util.ArrayList<>(n);
        handles[handleCount++] = list;
        depth++;
        if (element == String.class) {
            for (int i = 0; i < n; i++) {
                list.add(readString());
            }
        } else {
            for (int i = 0; i < n; i++) {
                list.add(readObject(element));
            }
        }
        depth--;
        return list;
    }

    private Object readBody(Serializer<?> s) throws IOException {
        if (depth >= config.maxDepth()) {
            throw new SerialException("object graph nested deeper than maxDepth " + config.maxDepth()
                    + " at offset " + src.position());
        }
        if (handleCount == handles.length) {
            handles = Arrays.copyOf(handles, handleCount * 2);
        }
        int slot = handleCount++;
        handles[slot] = UNDER_CONSTRUCTION;
        int outer = pending;
        pending = slot;
        depth++;
        Object o = s.read(this);
        depth--;
        pending = outer;
        if (o == null) {
            throw new SerialException("serializer for " + s.type().getName() + " returned null");
        }
        handles[slot] = o;
        return o;
    }

    /**
     * Publishes the object being read so that back-references inside it resolve to it. Serializers of
     * mutable classes call this right after allocation, before reading reference fields.
     *
     * @param obj the freshly allocated object
     * @throws IllegalStateException if no object is being read or it was registered already
     */
    public void register(Object obj) {
        if (pending < 0) {
            throw new IllegalStateException("register called outside a serializer read or twice");
        }
        handles[pending] = obj;
        pending = -1;
    }

    HookInput hookInput() throws IOException {
        if (hookInput == null) {
            hookInput = new HookInput(this);
        }
        return hookInput;
    }

    Config config() {
        return config;
    }
}
