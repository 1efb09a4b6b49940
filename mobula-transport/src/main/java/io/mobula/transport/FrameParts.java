package io.mobula.transport;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * A frame given in parts, for {@link Connection#send(FrameParts)}: a run of inline bytes with primitive arrays
 * inserted at offsets into it. The frame's bytes are the inline bytes up to the first array's offset, that array's
 * elements in its byte order, the inline bytes up to the next offset, and so on, then the rest of the inline bytes.
 * A transport writes the parts straight to where the frame goes (a shared-memory ring, a direct send buffer), so a
 * large array is copied once on its way out instead of into a serialization buffer first.
 *
 * <p>The sender owns an instance and reuses it: {@link #reset} starts a frame, {@link #addArray} adds the arrays in
 * frame order, {@link #clear} drops the references once sent. Not thread-safe. The arrays and inline bytes must not be
 * modified until {@code send} returns (the send copies them before it returns).
 */
public final class FrameParts {

    static final int BYTE = 0;
    static final int SHORT = 1;
    static final int CHAR = 2;
    static final int INT = 3;
    static final int LONG = 4;
    static final int FLOAT = 5;
    static final int DOUBLE = 6;
    private static final int[] SHIFT = {0, 1, 1, 2, 3, 2, 3};

    private ByteBuffer inline;
    private int inlineBase;
    private int inlineLength;
    private Object[] arrays = new Object[4];
    private int[] at = new int[4];
    private int[] offsets = new int[4];
    private int[] lengths = new int[4];
    private byte[] kinds = new byte[4];
    private ByteOrder[] orders = new ByteOrder[4];
    private int count;
    private long arrayBytes;

    // cursor of fill(): part 2i is the inline run before array i, part 2i+1 array i, part 2*count the last run
    private int part;
    /** Bytes (inline run) or whole elements (array) of the current part already filled. */
    private int within;
    /** Bytes of the current array element already filled when a destination ended inside it. */
    private int partial;
    private final ByteBuffer scratch = ByteBuffer.allocate(8);

    /**
     * Starts a new frame whose inline bytes are those between {@code inline.position()} and {@code inline.limit()};
     * forgets the arrays of the previous frame. The buffer's position and limit are not changed.
     */
    public void reset(ByteBuffer inline) {
        clear();
        this.inline = inline;
        this.inlineBase = inline.position();
        this.inlineLength = inline.remaining();
    }

    /**
     * Inserts {@code array[offset .. offset+length)} at byte {@code at} of the inline bytes (0 = before the first
     * inline byte). Arrays must be added in frame order: {@code at} never decreases.
     *
     * @param array a {@code byte[]}, {@code short[]}, {@code char[]}, {@code int[]}, {@code long[]},
     *              {@code float[]} or {@code double[]}
     * @param order the byte order the elements are written in
     * @throws IllegalArgumentException if {@code array} is not such an array or {@code at} is out of order
     * @throws IndexOutOfBoundsException if the range is not inside the array or {@code at} not inside the inline bytes
     */
    public void addArray(int at, Object array, int offset, int length, ByteOrder order) {
        Objects.requireNonNull(order, "order");
        int kind = kindOf(array);
        Objects.checkFromIndexSize(offset, length, java.lang.reflect.Array.getLength(array));
        Objects.checkIndex(at, inlineLength + 1);
        if (count > 0 && at < this.at[count - 1]) {
            throw new IllegalArgumentException("array at inline offset " + at + " added after one at "
                    + this.at[count - 1]);
        }
        if (count == arrays.length) {
            int n = count * 2;
            arrays = Arrays.copyOf(arrays, n);
            this.at = Arrays.copyOf(this.at, n);
            offsets = Arrays.copyOf(offsets, n);
            lengths = Arrays.copyOf(lengths, n);
            kinds = Arrays.copyOf(kinds, n);
            orders = Arrays.copyOf(orders, n);
        }
        arrays[count] = array;
        this.at[count] = at;
        offsets[count] = offset;
        lengths[count] = length;
        kinds[count] = (byte) kind;
        orders[count] = order;
        count++;
        arrayBytes += (long) length << SHIFT[kind];
    }

    private static int kindOf(Object a) {
        if (a instanceof byte[]) {
            return BYTE;
        } else if (a instanceof int[]) {
            return INT;
        } else if (a instanceof double[]) {
            return DOUBLE;
        } else if (a instanceof float[]) {
            return FLOAT;
        } else if (a instanceof long[]) {
            return LONG;
        } else if (a instanceof short[]) {
            return SHORT;
        } else if (a instanceof char[]) {
            return CHAR;
        }
        throw new IllegalArgumentException("not an array of byte, short, char, int, long, float or double: "
                + (a == null ? "null" : a.getClass().getName()));
    }

    /** Drops the references to the inline buffer and the arrays. */
    public void clear() {
        Arrays.fill(arrays, 0, count, null);
        Arrays.fill(orders, 0, count, null);
        count = 0;
        arrayBytes = 0;
        inline = null;
        inlineLength = 0;
        rewind();
    }

    /** @return the frame's size in bytes: the inline bytes and the arrays' elements */
    public long size() {
        return inlineLength + arrayBytes;
    }

    /** @return how many arrays the frame has */
    public int arrays() {
        return count;
    }

    // ---- for transports ----

    /** Moves the cursor of {@link #fill} to the frame's first byte. */
    void rewind() {
        part = 0;
        within = 0;
        partial = 0;
    }

    /** Whether {@link #fill} has delivered the whole frame (exact after a fill: empty parts left are skipped). */
    boolean done() {
        return part > 2 * count;
    }

    /**
     * Copies the frame's next bytes into {@code dst}, from its position up to its limit or the frame's end, and moves
     * its position past them; an element that does not fit whole is split (the rest comes first next time). The
     * destination's byte order is restored on return.
     *
     * @return the number of bytes copied
     */
    int fill(ByteBuffer dst) {
        return fill(dst, null);
    }

    /**
     * As {@link #fill(ByteBuffer)}, with reusable typed views of {@code dst} ({@code views.of(dst)}), or null to make
     * views for this call.
     */
    int fill(ByteBuffer dst, BufferViews views) {
        int start = dst.position();
        while (true) {
            skipEmpty();
            if (!dst.hasRemaining() || done()) {
                break;
            }
            int i = part >> 1;
            if ((part & 1) == 0) {
                int from = i == 0 ? 0 : at[i - 1];
                int to = i == count ? inlineLength : at[i];
                int n = Math.min(to - from - within, dst.remaining());
                int p = dst.position();
                dst.put(p, inline, inlineBase + from + within, n);
                dst.position(p + n);
                within += n;
                if (from + within == to) {
                    part++;
                    within = 0;
                }
            } else {
                fillArray(dst, i, views);
                if (within == lengths[i]) {
                    part++;
                    within = 0;
                }
            }
        }
        return dst.position() - start;
    }

    /** Moves the cursor past parts with nothing left (empty inline runs, empty arrays), so done() is exact. */
    private void skipEmpty() {
        while (!done()) {
            int i = part >> 1;
            int left = (part & 1) == 0 ? (i == count ? inlineLength : at[i]) - (i == 0 ? 0 : at[i - 1]) - within
                    : lengths[i] - within;
            if (left > 0) {
                return;
            }
            part++;
            within = 0;
        }
    }

    private void fillArray(ByteBuffer dst, int i, BufferViews views) {
        int kind = kinds[i];
        int shift = SHIFT[kind];
        int from = offsets[i] + within;
        if (partial > 0) {
            finishElement(dst, (1 << shift) - partial);
            return;
        }
        int k = Math.min(lengths[i] - within, dst.remaining() >> shift);
        if (k == 0) {
            element(kind, arrays[i], from, orders[i]); // room for part of one element only
            finishElement(dst, 1 << shift);
            return;
        }
        Object a = arrays[i];
        if (kind == BYTE) {
            dst.put(dst.position(), (byte[]) a, from, k);
        } else if (views != null) {
            java.nio.Buffer v = views.view(kind, shift, orders[i], dst.position());
            switch (kind) {
                case SHORT -> ((java.nio.ShortBuffer) v).put((short[]) a, from, k);
                case CHAR -> ((java.nio.CharBuffer) v).put((char[]) a, from, k);
                case INT -> ((java.nio.IntBuffer) v).put((int[]) a, from, k);
                case LONG -> ((java.nio.LongBuffer) v).put((long[]) a, from, k);
                case FLOAT -> ((java.nio.FloatBuffer) v).put((float[]) a, from, k);
                default -> ((java.nio.DoubleBuffer) v).put((double[]) a, from, k);
            }
        } else {
            ByteOrder saved = dst.order();
            dst.order(orders[i]);
            switch (kind) {
                case SHORT -> dst.asShortBuffer().put((short[]) a, from, k);
                case CHAR -> dst.asCharBuffer().put((char[]) a, from, k);
                case INT -> dst.asIntBuffer().put((int[]) a, from, k);
                case LONG -> dst.asLongBuffer().put((long[]) a, from, k);
                case FLOAT -> dst.asFloatBuffer().put((float[]) a, from, k);
                default -> dst.asDoubleBuffer().put((double[]) a, from, k);
            }
            dst.order(saved);
        }
        dst.position(dst.position() + (k << shift));
        within += k;
    }

    /** Copies up to {@code left} bytes of the element in {@link #scratch}; counts the element once it is whole. */
    private void finishElement(ByteBuffer dst, int left) {
        int n = Math.min(left, dst.remaining());
        int p = dst.position();
        dst.put(p, scratch, partial, n);
        dst.position(p + n);
        partial += n;
        if (n == left) {
            partial = 0;
            within++;
        }
    }

    /** Encodes element {@code index} of {@code a} into {@link #scratch} from index 0. */
    private void element(int kind, Object a, int index, ByteOrder order) {
        ByteBuffer s = scratch.order(order);
        switch (kind) {
            case BYTE -> s.put(0, ((byte[]) a)[index]);
            case SHORT -> s.putShort(0, ((short[]) a)[index]);
            case CHAR -> s.putChar(0, ((char[]) a)[index]);
            case INT -> s.putInt(0, ((int[]) a)[index]);
            case LONG -> s.putLong(0, ((long[]) a)[index]);
            case FLOAT -> s.putFloat(0, ((float[]) a)[index]);
            default -> s.putDouble(0, ((double[]) a)[index]);
        }
    }
}
