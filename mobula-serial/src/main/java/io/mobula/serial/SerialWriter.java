package io.mobula.serial;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Objects;

/**
 * Encodes objects into its own reusable, growing buffer. One writer per connection (= per peer) or per
 * thread; not thread-safe.
 *
 * <p>Type descriptors are sent once per writer and referred to by a small id afterwards; the handle table
 * that keeps shared references and cycles is reset by {@link #beginMessage()} (KaRMI paper, "two kinds of
 * reset"; thesis 3.3.2). Primitives and primitive arrays are written in {@link #byteOrder()}; the reader
 * converts if needed. See {@link WireFormat} for the layout.
 */
public final class SerialWriter {
    private static final int MAX_BUFFER = Integer.MAX_VALUE - 16;

    private final Config config;
    private final ByteOrder order;
    private byte[] buf;
    /** The view {@link #buffer()} hands out, over {@link #buf}: made again only when the array grew. */
    private ByteBuffer view;
    private ByteBuffer bb;
    private int pos;

    private final IdentityTable handles = new IdentityTable(64);
    private int nextHandle;

    private final IdentityTable typeIndex = new IdentityTable(32);
    private WriterType[] types = new WriterType[16];
    private int typeCount;
    private int nextTypeId = WireFormat.FIRST_DYNAMIC_ID;
    private int[] definedInMessage = new int[8];
    private int definedCount;

    private int depth;
    private HookOutput hookOutput;

    /** Arrays of at least this many bytes are recorded out of line (0: never); see {@link #outOfLine(int)}. */
    private int outOfLineMin;
    private Object[] oolArrays = new Object[4];
    private int[] oolAt = new int[4];
    private int[] oolOffset = new int[4];
    private int[] oolLength = new int[4];
    private int oolCount;
    private long oolBytes;
    /** Whether type descriptors go to a trailer written by {@link #endMessage()} (peer writers) or inline. */
    private final boolean trailer;

    SerialWriter(Config config) {
        this(config, false);
    }

    SerialWriter(Config config, boolean trailer) {
        this.config = config;
        this.order = config.order();
        this.trailer = trailer;
        this.buf = new byte[INITIAL_BUFFER];
        this.bb = ByteBuffer.wrap(buf).order(order);
    }

    /** A buffer that grew above {@link #RETAINED_BUFFER} for one message is given back at the next one. */
    private static final int INITIAL_BUFFER = 256;
    static final int RETAINED_BUFFER = 1 << 20;
    static final int SHRINK_AFTER_MESSAGES = 8;
    private int smallSinceGrow;

    // ------------------------------------------------------------------ framing

    /**
     * Starts a new message: empties the buffer and the handle table. Type ids already sent stay valid
     * (the peer keeps them). The handle table references the objects of the last message until then.
     */
    public void beginMessage() {
        if (buf.length > RETAINED_BUFFER) {
            // a message that once needed a huge buffer must not pin it for the life of the connection; a run of
            // large messages keeps it (no regrowth per message)
            smallSinceGrow = pos > RETAINED_BUFFER ? 0 : smallSinceGrow + 1;
            if (smallSinceGrow >= SHRINK_AFTER_MESSAGES) {
                buf = new byte[RETAINED_BUFFER];
                bb = ByteBuffer.wrap(buf).order(order);
                smallSinceGrow = 0;
            }
        }
        pos = 0;
        if (oolCount > 0) {
            Arrays.fill(oolArrays, 0, oolCount, null); // keep no caller's array reachable
            oolCount = 0;
            oolBytes = 0;
        }
        handles.clear();
        nextHandle = 0;
        definedCount = 0;
        depth = 0;
    }

    /**
     * Call when the message being written will not reach the peer (any exception from a write method, or
     * the send failed): types first defined in it are defined again in the next message, and the writer is
     * ready for a new message.
     */
    public void abortMessage() {
        for (int i = 0; i < definedCount; i++) {
            types[definedInMessage[i]].sent = false;
        }
        beginMessage();
    }

    /**
     * Ends the message of a {@link Serialization#newPeerWriter() peer writer}: appends the descriptors of the types
     * first used in this message, as a trailer, and returns whether it did (the reader must be told, see
     * {@link SerialReader#beginMessage(ByteBuffer, boolean)}). Writers with inline descriptors write nothing and
     * return false.
     *
     * <pre>
     *   body ... | descriptors: (varint id, string class name, fingerprint i64)* | i32 length of the descriptors
     * </pre>
     *
     * @return whether a trailer was appended
     * @throws SerialException if the buffer cannot grow; the message must then be aborted
     */
    public boolean endMessage() throws IOException {
        if (!trailer || definedCount == 0) {
            return false;
        }
        int start = pos;
        for (int i = 0; i < definedCount; i++) {
            WriterType t = types[definedInMessage[i]];
            writeVarInt(t.id);
            writeString(t.name);
            writeLong(t.fingerprint);
        }
        writeInt(pos - start); // the descriptors' length: the reader finds them from the end of the message
        return true;
    }

    /** Forgets all type ids too; used for self-contained standalone messages. */
    void resetTypes() {
        typeIndex.clear();
        Arrays.fill(recentTypes, null);
        Arrays.fill(types, 0, typeCount, null);
        typeCount = 0;
        nextTypeId = WireFormat.FIRST_DYNAMIC_ID;
        beginMessage();
    }

    /**
     * @return the bytes written since {@link #beginMessage()}: a view with position 0 and limit = size, valid until
     *     the next call of this writer (the same view object is handed out again, reset). With arrays
     *     {@linkplain #outOfLine(int) out of line} the message is flattened into a new buffer first (a copy).
     */
    public ByteBuffer buffer() {
        if (oolCount == 0) {
            ByteBuffer v = view;
            if (v == null || v.array() != buf) {
                v = ByteBuffer.wrap(buf);
                view = v;
            }
            return v.order(order).limit(pos).position(0); // order each time: a reader may have changed it
        }
        byte[] flat = new byte[size()];
        ByteBuffer out = ByteBuffer.wrap(flat).order(order);
        int done = 0;
        for (int i = 0; i < oolCount; i++) {
            out.put(buf, done, oolAt[i] - done);
            done = oolAt[i];
            putArray(out, oolArrays[i], oolOffset[i], oolLength[i]);
        }
        out.put(buf, done, pos - done);
        return out.flip();
    }

    private static void putArray(ByteBuffer out, Object a, int off, int len) {
        int p = out.position();
        switch (a) {
            case byte[] x -> out.put(x, off, len);
            case short[] x -> out.position(p + 2 * len).slice(p, 2 * len).order(out.order()).asShortBuffer().put(x, off, len);
            case char[] x -> out.position(p + 2 * len).slice(p, 2 * len).order(out.order()).asCharBuffer().put(x, off, len);
            case int[] x -> out.position(p + 4 * len).slice(p, 4 * len).order(out.order()).asIntBuffer().put(x, off, len);
            case long[] x -> out.position(p + 8 * len).slice(p, 8 * len).order(out.order()).asLongBuffer().put(x, off, len);
            case float[] x -> out.position(p + 4 * len).slice(p, 4 * len).order(out.order()).asFloatBuffer().put(x, off, len);
            case double[] x -> out.position(p + 8 * len).slice(p, 8 * len).order(out.order()).asDoubleBuffer().put(x, off, len);
            default -> throw new IllegalStateException(a.getClass().getName());
        }
    }

    /**
     * Records primitive arrays of at least {@code minBytes} bytes (except {@code boolean[]}) out of line from now on:
     * their length prefix is written, but their elements are not copied into the buffer; the writer keeps the array,
     * the range and its place in the message instead, and whoever sends the message copies the elements once, straight
     * to the transport ({@link #outOfLineCount()} and the methods after it; {@link #inline()} holds the rest). The
     * bytes of the message are the same either way. The arrays must not change until the message is sent or
     * abandoned: the RMI runtime sends within the call that writes them. Off (0) by default.
     *
     * @param minBytes the smallest array body in bytes to record out of line; 0 turns it off
     */
    public void outOfLine(int minBytes) {
        if (minBytes < 0) {
            throw new IllegalArgumentException("negative threshold " + minBytes);
        }
        outOfLineMin = minBytes;
    }

    /** @return the bytes written inline since {@link #beginMessage()}: all but the out-of-line arrays' elements */
    public ByteBuffer inline() {
        return ByteBuffer.wrap(buf, 0, pos).order(order);
    }

    /** @return how many arrays the message holds out of line, in message order */
    public int outOfLineCount() {
        return oolCount;
    }

    /** @return the offset into the {@link #inline()} bytes where out-of-line array {@code i}'s elements belong */
    public int outOfLineAt(int i) {
        Objects.checkIndex(i, oolCount);
        return oolAt[i];
    }

    /** @return out-of-line array {@code i} (a primitive array other than boolean[]) */
    public Object outOfLineArray(int i) {
        Objects.checkIndex(i, oolCount);
        return oolArrays[i];
    }

    /** @return the first element of out-of-line array {@code i} that the message holds */
    public int outOfLineOffset(int i) {
        Objects.checkIndex(i, oolCount);
        return oolOffset[i];
    }

    /** @return the number of elements of out-of-line array {@code i} that the message holds */
    public int outOfLineLength(int i) {
        Objects.checkIndex(i, oolCount);
        return oolLength[i];
    }

    /**
     * Writes the length prefix of an array body and records the body out of line if it is large enough; returns
     * whether it did (else the caller writes the body inline, prefix included).
     */
    private boolean outOfLine(Object a, int off, int len, int shift) throws IOException {
        long bytes = (long) len << shift;
        if (outOfLineMin == 0 || bytes < outOfLineMin) {
            return false;
        }
        if (bytes > MAX_BUFFER - 16 - size()) {
            throw new SerialException("message larger than " + MAX_BUFFER + " bytes");
        }
        writeVarInt(len);
        if (oolCount == oolArrays.length) {
            int n = oolCount * 2;
            oolArrays = Arrays.copyOf(oolArrays, n);
            oolAt = Arrays.copyOf(oolAt, n);
            oolOffset = Arrays.copyOf(oolOffset, n);
            oolLength = Arrays.copyOf(oolLength, n);
        }
        oolArrays[oolCount] = a;
        oolAt[oolCount] = pos;
        oolOffset[oolCount] = off;
        oolLength[oolCount] = len;
        oolCount++;
        oolBytes += bytes;
        return true;
    }

    int capacity() {
        return buf.length;
    }

    /** @return the number of bytes written since {@link #beginMessage()}, out-of-line arrays included */
    public int size() {
        return (int) (pos + oolBytes);
    }

    /** @return the byte order all primitives are written in */
    public ByteOrder byteOrder() {
        return order;
    }

    /**
     * Reserves {@code n} bytes (e.g. for a header the RMI layer fills in later).
     *
     * @param n number of bytes
     * @return the offset of the reserved bytes
     * @throws SerialException if the buffer cannot grow that far
     */
    public int reserve(int n) throws SerialException {
        if (n < 0) {
            throw new SerialException("negative reservation " + n);
        }
        ensure(n);
        int at = pos;
        pos += n;
        return at;
    }

    /**
     * Overwrites a previously reserved byte.
     *
     * @param offset offset returned by {@link #reserve}
     * @param v value
     */
    public void putByteAt(int offset, byte v) {
        check(offset, 1);
        buf[offset] = v;
    }

    /**
     * Overwrites 4 previously reserved bytes in {@link #byteOrder()}.
     *
     * @param offset offset returned by {@link #reserve}
     * @param v value
     */
    public void putIntAt(int offset, int v) {
        check(offset, 4);
        bb.putInt(offset, v);
    }

    /**
     * Overwrites 8 previously reserved bytes in {@link #byteOrder()}.
     *
     * @param offset offset returned by {@link #reserve}
     * @param v value
     */
    public void putLongAt(int offset, long v) {
        check(offset, 8);
        bb.putLong(offset, v);
    }

    private void check(int offset, int n) {
        if (offset < 0 || offset > pos - n) {
            throw new IndexOutOfBoundsException("offset " + offset + " outside the written " + pos + " bytes");
        }
    }

    // ------------------------------------------------------------------ primitives

    /** @param v value, one byte */
    public void writeBoolean(boolean v) throws IOException {
        ensure(1);
        buf[pos++] = (byte) (v ? 1 : 0);
    }

    /** @param v value */
    public void writeByte(byte v) throws IOException {
        ensure(1);
        buf[pos++] = v;
    }

    /** @param v value */
    public void writeShort(short v) throws IOException {
        ensure(2);
        bb.putShort(pos, v);
        pos += 2;
    }

    /** @param v value */
    public void writeChar(char v) throws IOException {
        ensure(2);
        bb.putChar(pos, v);
        pos += 2;
    }

    /** @param v value */
    public void writeInt(int v) throws IOException {
        ensure(4);
        bb.putInt(pos, v);
        pos += 4;
    }

    /** @param v value */
    public void writeLong(long v) throws IOException {
        ensure(8);
        bb.putLong(pos, v);
        pos += 8;
    }

    /** @param v value */
    public void writeFloat(float v) throws IOException {
        ensure(4);
        bb.putFloat(pos, v);
        pos += 4;
    }

    /** @param v value */
    public void writeDouble(double v) throws IOException {
        ensure(8);
        bb.putDouble(pos, v);
        pos += 8;
    }

    /**
     * Unsigned LEB128; 1 byte for 0..127. Negative values take 5 bytes.
     *
     * @param v value
     */
    public void writeVarInt(int v) throws IOException {
        ensure(5);
        putVarInt(v);
    }

    /**
     * Unsigned LEB128 of a long; negative values take 10 bytes.
     *
     * @param v value
     */
    public void writeVarLong(long v) throws IOException {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    private void putVarInt(int v) {
        while ((v & ~0x7F) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
    }

    /**
     * Writes a string as a value (no handle, no sharing): Latin-1 when every char fits, else UTF-8.
     *
     * @param s the string, may be null
     */
    public void writeString(String s) throws IOException {
        if (s == null) {
            writeByte((byte) 0);
            return;
        }
        int len = s.length();
        if (len >= 1 << 30) {
            throw new SerialException("string too long: " + len + " chars");
        }
        ensure(5L + len);
        int start = pos;
        putVarInt((len << 1) + 1);
        byte[] b = buf;
        int p = pos;
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c > 0xFF) {
                pos = start;
                writeUtf8(s);
                return;
            }
            b[p++] = (byte) c;
        }
        pos = p;
    }

    private void writeUtf8(String s) throws IOException {
        int len = s.length();
        long n = 0;
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        if (n > (Integer.MAX_VALUE >> 1) - 1) {
            throw new SerialException("string too long: " + n + " UTF-8 bytes");
        }
        ensure(5 + n);
        putVarInt((int) ((n << 1) | 1) + 1);
        byte[] b = buf;
        int p = pos;
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[p++] = (byte) (0xF0 | (cp >> 18));
                b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        pos = p;
    }

    // ------------------------------------------------------------------ primitive arrays (bulk)

    /** @param a array, may be null; shared references are kept */
    public void writeBooleanArray(boolean[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_BOOLEAN_ARRAY)) {
            writeBooleanArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code boolean[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeBooleanArray(boolean[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_BOOLEAN_ARRAY);
        writeBooleanArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeByteArray(byte[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_BYTE_ARRAY)) {
            writeByteArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code byte[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeByteArray(byte[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_BYTE_ARRAY);
        writeByteArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeShortArray(short[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_SHORT_ARRAY)) {
            writeShortArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code short[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeShortArray(short[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_SHORT_ARRAY);
        writeShortArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeCharArray(char[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_CHAR_ARRAY)) {
            writeCharArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code char[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeCharArray(char[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_CHAR_ARRAY);
        writeCharArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeIntArray(int[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_INT_ARRAY)) {
            writeIntArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code int[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeIntArray(int[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_INT_ARRAY);
        writeIntArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeLongArray(long[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_LONG_ARRAY)) {
            writeLongArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code long[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeLongArray(long[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_LONG_ARRAY);
        writeLongArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeFloatArray(float[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_FLOAT_ARRAY)) {
            writeFloatArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code float[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeFloatArray(float[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_FLOAT_ARRAY);
        writeFloatArrayBody(a, off, len);
    }

    /** @param a array, may be null; shared references are kept */
    public void writeDoubleArray(double[] a) throws IOException {
        if (refPrefix(a, Builtins.ID_DOUBLE_ARRAY)) {
            writeDoubleArrayBody(a);
        }
    }

    /**
     * Writes {@code a[off .. off+len)} as a new {@code double[]} of length {@code len}, without copying the range
     * first (a sub-array view, as GMI's personalizers hand out): the reader gets an ordinary array. The range is
     * never shared with other references in the message.
     *
     * @throws IndexOutOfBoundsException when the range is not inside {@code a}
     */
    public void writeDoubleArray(double[] a, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, a.length);
        newUnsharedPrefix(Builtins.ID_DOUBLE_ARRAY);
        writeDoubleArrayBody(a, off, len);
    }

    /** Writes NEW+id for an object that takes a handle number but can never be referred to again. */
    private void newUnsharedPrefix(int builtinId) throws IOException {
        ensure(11);
        nextHandle++; // the reader registers every new object; stay in step with its numbering
        buf[pos++] = WireFormat.TAG_NEW;
        putVarInt(builtinId);
    }

    /** Writes NULL, HANDLE or NEW+id; returns true if the body must follow. */
    private boolean refPrefix(Object a, int builtinId) throws IOException {
        ensure(11);
        if (a == null) {
            buf[pos++] = WireFormat.TAG_NULL;
            return false;
        }
        int h = handles.get(a);
        if (h >= 0) {
            buf[pos++] = WireFormat.TAG_HANDLE;
            putVarInt(h);
            return false;
        }
        handles.put(a, nextHandle++);
        buf[pos++] = WireFormat.TAG_NEW;
        putVarInt(builtinId);
        return true;
    }

    private int arrayBytes(int n, int shift) throws IOException {
        long bytes = (long) n << shift;
        ensure(5 + bytes);
        putVarInt(n);
        bb.position(pos);
        return (int) bytes;
    }

    void writeBooleanArrayBody(boolean[] a) throws IOException {
        writeBooleanArrayBody(a, 0, a.length);
    }

    void writeBooleanArrayBody(boolean[] a, int off, int len) throws IOException {
        arrayBytes(len, 0);
        byte[] b = buf;
        int p = pos;
        for (int i = off, end = off + len; i < end; i++) { // no bulk view for booleans
            b[p++] = (byte) (a[i] ? 1 : 0);
        }
        pos = p;
    }

    void writeByteArrayBody(byte[] a) throws IOException {
        writeByteArrayBody(a, 0, a.length);
    }

    void writeByteArrayBody(byte[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 0)) {
            return;
        }
        int n = arrayBytes(len, 0);
        System.arraycopy(a, off, buf, pos, n);
        pos += n;
    }

    void writeShortArrayBody(short[] a) throws IOException {
        writeShortArrayBody(a, 0, a.length);
    }

    void writeShortArrayBody(short[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 1)) {
            return;
        }
        int n = arrayBytes(len, 1);
        bb.asShortBuffer().put(a, off, len);
        pos += n;
    }

    void writeCharArrayBody(char[] a) throws IOException {
        writeCharArrayBody(a, 0, a.length);
    }

    void writeCharArrayBody(char[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 1)) {
            return;
        }
        int n = arrayBytes(len, 1);
        bb.asCharBuffer().put(a, off, len);
        pos += n;
    }

    void writeIntArrayBody(int[] a) throws IOException {
        writeIntArrayBody(a, 0, a.length);
    }

    void writeIntArrayBody(int[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 2)) {
            return;
        }
        int n = arrayBytes(len, 2);
        bb.asIntBuffer().put(a, off, len);
        pos += n;
    }

    void writeLongArrayBody(long[] a) throws IOException {
        writeLongArrayBody(a, 0, a.length);
    }

    void writeLongArrayBody(long[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 3)) {
            return;
        }
        int n = arrayBytes(len, 3);
        bb.asLongBuffer().put(a, off, len);
        pos += n;
    }

    void writeFloatArrayBody(float[] a) throws IOException {
        writeFloatArrayBody(a, 0, a.length);
    }

    void writeFloatArrayBody(float[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 2)) {
            return;
        }
        int n = arrayBytes(len, 2);
        bb.asFloatBuffer().put(a, off, len);
        pos += n;
    }

    void writeDoubleArrayBody(double[] a) throws IOException {
        writeDoubleArrayBody(a, 0, a.length);
    }

    void writeDoubleArrayBody(double[] a, int off, int len) throws IOException {
        if (outOfLine(a, off, len, 3)) {
            return;
        }
        int n = arrayBytes(len, 3);
        bb.asDoubleBuffer().put(a, off, len);
        pos += n;
    }

    // ------------------------------------------------------------------ objects

    /**
     * Writes any object polymorphically: null, a back-reference to an object already in this message, or
     * its type (id, with the descriptor the first time for this writer) followed by its serializer's output.
     *
     * @param obj the object, may be null
     * @throws SerialException if the class cannot be serialized or nesting exceeds the depth limit
     */
    public void writeObject(Object obj) throws IOException {
        ensure(11);
        if (obj == null) {
            buf[pos++] = WireFormat.TAG_NULL;
            return;
        }
        int h = handles.get(obj);
        if (h >= 0) {
            buf[pos++] = WireFormat.TAG_HANDLE;
            putVarInt(h);
            return;
        }
        WriterType t = typeOf(obj.getClass());
        if (t.replacer != null) {
            Object rep = t.replacer.writeReplace(obj);
            if (rep != obj) {
                if (++depth > config.maxDepth()) { // replacement chains count as nesting
                    throw new SerialException("writeReplace chain deeper than maxDepth at " + t.name);
                }
                writeObject(rep);
                depth--;
                int rh = rep == null ? -1 : handles.get(rep);
                if (rh >= 0) {
                    handles.put(obj, rh);
                }
                return;
            }
        }
        handles.put(obj, nextHandle++);
        if (t.sent) {
            buf[pos++] = WireFormat.TAG_NEW;
            putVarInt(t.id);
        } else {
            defineType(t);
        }
        writeBody(t, obj);
    }

    /**
     * Writes an object whose class the reader knows from the declared type of the field, record component or array
     * it is read into: generated serializers and the fallback call it for declared types that are final classes
     * (records, enums without constant bodies, boxed primitives and other final classes). Once this writer has sent
     * the class's descriptor, a new object is written with the IMPLIED tag and no type id; an enum constant is then
     * only its ordinal, without a handle (constants resolve to singletons). Objects of other classes keep their
     * handles, so shared references and cycles survive as with {@link #writeObject}. Read back with
     * {@link SerialReader#readObject(Class)} given the same declared class.
     *
     * @param obj the object, may be null; must be an instance of {@code declared}
     * @param declared the declared type, a final class
     * @throws SerialException if the class cannot be serialized or nesting exceeds the depth limit
     */
    public void writeFinal(Object obj, Class<?> declared) throws IOException {
        if (obj == null || obj.getClass() != declared) {
            writeObject(obj);
            return;
        }
        WriterType t = typeOf(declared);
        if (!t.sent || t.replacer != null) {
            writeObject(obj); // the first use carries the descriptor; replacements may change the class
            return;
        }
        ensure(11);
        if (t.isEnum) {
            buf[pos++] = WireFormat.TAG_IMPLIED;
            putVarInt(((Enum<?>) obj).ordinal());
            return;
        }
        int h = handles.get(obj);
        if (h >= 0) {
            buf[pos++] = WireFormat.TAG_HANDLE;
            putVarInt(h);
            return;
        }
        handles.put(obj, nextHandle++);
        buf[pos++] = WireFormat.TAG_IMPLIED;
        writeBody(t, obj);
    }

    /**
     * Writes a list whose declared element type the reader knows: generated serializers and the fallback call it
     * for references declared {@code List<E>}, {@code Collection<E>} or {@code ArrayList<E>} where {@code E} is
     * String or a final class (see {@link #writeFinal}). When the list is exactly an {@link java.util.ArrayList}
     * whose elements are all null or exactly of class {@code element}, it is written with the LIST tag: the list
     * takes a handle as any object does, then come its size and its elements, String elements as string values
     * (no handle, like String fields: two references to one String decode to two equal strings) and other elements
     * as {@link #writeFinal} writes them (shared elements keep their handles). Any other list (another class, an
     * element of another class, an element class with {@code writeReplace}) is written by {@link #writeObject}, so
     * every list round-trips. Read back with {@link SerialReader#readList(Class, Class)}.
     *
     * @param collection the list (declared {@code List}, {@code Collection} or {@code ArrayList}), may be null
     * @param element the declared element type, String or a final class
     * @throws SerialException if an element cannot be serialized or nesting exceeds the depth limit
     */
    public void writeList(java.util.Collection<?> collection, Class<?> element) throws IOException {
        if (collection == null || collection.getClass() != java.util.ArrayList.class) {
            writeObject(collection);
            return;
        }
        java.util.ArrayList<?> list = (java.util.ArrayList<?>) collection;
        ensure(11);
        int h = handles.get(list);
        if (h >= 0) {
            buf[pos++] = WireFormat.TAG_HANDLE;
            putVarInt(h);
            return;
        }
        int n = list.size();
        for (int i = 0; i < n; i++) {
            Object e = list.get(i);
            if (e != null && e.getClass() != element) {
                writeObject(list);
                return;
            }
        }
        boolean strings = element == String.class;
        if (!strings && typeOf(element).replacer != null) {
            writeObject(list); // a replacement may be of another class than the declared element type
            return;
        }
        handles.put(list, nextHandle++);
        buf[pos++] = WireFormat.TAG_LIST;
        putVarInt(n);
        if (++depth > config.maxDepth()) {
            depth = 0;
            throw new SerialException("object graph nested deeper than maxDepth " + config.maxDepth()
                    + " at a list of " + element.getName());
        }
        if (strings) {
            for (int i = 0; i < n; i++) {
                writeString((String) list.get(i));
            }
        } else {
            for (int i = 0; i < n; i++) {
                writeFinal(list.get(i), element);
            }
        }
        depth--;
    }

    /** The object's body through its serializer, one level deeper (the depth limit is checked here). */
    private void writeBody(WriterType t, Object obj) throws IOException {
        if (++depth > config.maxDepth()) {
            depth = 0;
            throw new SerialException("object graph nested deeper than maxDepth " + config.maxDepth()
                    + " at " + t.name);
        }
        t.serializer.write(this, obj);
        depth--;
    }

    private void defineType(WriterType t) throws IOException {
        if (trailer) {
            buf[pos++] = WireFormat.TAG_NEW; // the descriptor follows in the trailer (endMessage)
            putVarInt(t.id);
        } else {
            buf[pos++] = WireFormat.TAG_TYPE_DEF;
            putVarInt(t.id);
            writeString(t.name);
            writeLong(t.fingerprint);
        }
        t.sent = true;
        if (definedCount == definedInMessage.length) {
            definedInMessage = Arrays.copyOf(definedInMessage, definedCount * 2);
        }
        definedInMessage[definedCount++] = t.index;
    }

    private WriterType typeOf(Class<?> c) throws SerialException {
        WriterType[] recent = recentTypes;
        for (int j = 0; j < RECENT; j++) {
            WriterType r = recent[j];
            if (r != null && r.type == c) {
                return r;
            }
        }
        int i = typeIndex.get(c);
        WriterType t = i >= 0 ? types[i] : resolve(c);
        recent[recentNext] = t;
        recentNext = (recentNext + 1) & (RECENT - 1);
        return t;
    }

    /**
     * The last few types {@link #typeOf} answered for: a message names the same handful of classes over and over, and
     * a scan of a few references is cheaper than a hash lookup.
     */
    private final WriterType[] recentTypes = new WriterType[RECENT];
    private int recentNext;
    private static final int RECENT = 8;

    /**
     * What {@link #resolve} learned about each class, kept across {@link #resetTypes()}: a writer of self-contained
     * messages (GMI, RepMI) names the same classes in every message, and looking up the serializer and its
     * fingerprint again each time was a third of encoding a small group invocation (JFR). The registry never
     * changes, so the answers stay right; the per-message fields are set again at each use.
     */
    private final IdentityHashMap<Class<?>, WriterType> resolvedTypes = new IdentityHashMap<>();
    /** The most classes {@link #resolvedTypes} keeps before it starts over. */
    private static final int MAX_RESOLVED_TYPES = 4096;

    private WriterType resolve(Class<?> c) throws SerialException {
        WriterType t = resolvedTypes.get(c);
        if (t == null) {
            t = describe(c);
            if (resolvedTypes.size() >= MAX_RESOLVED_TYPES) {
                resolvedTypes.clear();
            }
            resolvedTypes.put(c, t);
        }
        if (typeCount == types.length) {
            types = Arrays.copyOf(types, typeCount * 2);
        }
        t.index = typeCount;
        if (t.builtin > 0) {
            t.id = t.builtin;
            t.sent = true;
        } else {
            if (nextTypeId - WireFormat.FIRST_DYNAMIC_ID >= WireFormat.MAX_DYNAMIC_TYPES) {
                throw new SerialException("more than " + WireFormat.MAX_DYNAMIC_TYPES + " types sent to one peer");
            }
            t.id = nextTypeId++;
            t.sent = false;
        }
        types[typeCount++] = t;
        typeIndex.put(c, t.index);
        return t;
    }

    /** The parts of a class's {@link WriterType} that do not depend on the message. */
    @SuppressWarnings("unchecked")
    private WriterType describe(Class<?> c) throws SerialException {
        Serializer<?> s = config.registry().lookup(c);
        WriterType t = new WriterType();
        t.type = c;
        t.serializer = (Serializer<Object>) s;
        t.name = s.type().getName();
        t.fingerprint = s.fingerprint();
        t.replacer = s instanceof Replacing r && r.replaces() ? r : null;
        t.isEnum = c.isEnum() && s instanceof EnumSerializer;
        // an explicitly registered serializer replaces the built-in, so it must travel with a descriptor
        t.builtin = s == Builtins.forClass(c) ? Builtins.idOf(c) : 0;
        return t;
    }

    /** Lazily created ObjectOutputStream adapter for writeObject hooks and Externalizable. */
    HookOutput hookOutput() throws IOException {
        if (hookOutput == null) {
            hookOutput = new HookOutput(this);
        }
        return hookOutput;
    }

    Config config() {
        return config;
    }

    // ------------------------------------------------------------------ buffer

    private void ensure(int n) throws SerialException {
        if (buf.length - pos < n) {
            grow(n);
        }
    }

    private void ensure(long n) throws SerialException {
        if (buf.length - pos < n) {
            if (n > MAX_BUFFER - pos) {
                throw new SerialException("message larger than " + MAX_BUFFER + " bytes");
            }
            grow((int) n);
        }
    }

    private void grow(int n) throws SerialException {
        long want = Math.max((long) buf.length * 2, (long) pos + n);
        if (want > MAX_BUFFER) {
            if ((long) pos + n > MAX_BUFFER) {
                throw new SerialException("message larger than " + MAX_BUFFER + " bytes");
            }
            want = MAX_BUFFER;
        }
        try {
            buf = Arrays.copyOf(buf, (int) want);
        } catch (OutOfMemoryError e) {
            // a value too large for this heap fails its own message, not the process
            throw new SerialException("message of more than " + ((long) pos + n) + " bytes does not fit in memory ("
                    + e.getMessage() + ")", e);
        }
        bb = ByteBuffer.wrap(buf).order(order);
    }

    /** Per-writer type state: id, and whether the peer has the descriptor already. */
    static final class WriterType {
        Class<?> type;
        int index;
        int id;
        boolean sent;
        String name;
        long fingerprint;
        Serializer<Object> serializer;
        Replacing replacer;
        /** An enum written by {@link EnumSerializer}: implied objects are bare ordinals. */
        boolean isEnum;
        /** The built-in type id, or 0 when the class travels with a descriptor. */
        int builtin;
    }
}
