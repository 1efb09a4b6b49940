package io.mobula.transport;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Typed views of one destination buffer a transport copies arrays into ({@link FrameParts#fill(ByteBuffer,
 * BufferViews)}), made once per element type, byte order and alignment and then reused, so that copying an array
 * allocates nothing (JDK 21 has no absolute bulk put of an {@code int[]} into a {@code ByteBuffer}). Each view spans
 * the whole buffer from a start of 0 to 7; the caller keeps within the buffer's limit. Not thread-safe: used under
 * the owning connection's send lock.
 */
final class BufferViews {

    private final ByteBuffer buffer;
    /** Index: ((kind - 1) * 2 + (big-endian ? 1 : 0)) * 8 + start. */
    private final Buffer[] views = new Buffer[6 * 2 * 8];

    BufferViews(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    /** Whether these are the views of {@code dst}. */
    boolean of(ByteBuffer dst) {
        return dst == buffer;
    }

    /**
     * The view of element type {@code kind} (a {@link FrameParts} kind other than byte) in {@code order} whose
     * element 0 starts at buffer index {@code at % elementBytes}; its element {@code at >> shift} is at {@code at}.
     */
    Buffer view(int kind, int shift, ByteOrder order, int at) {
        int start = at & ((1 << shift) - 1);
        int i = ((kind - 1) * 2 + (order == ByteOrder.BIG_ENDIAN ? 1 : 0)) * 8 + start;
        Buffer v = views[i];
        if (v == null) {
            ByteBuffer b = buffer.duplicate().clear().position(start).order(order);
            v = switch (kind) {
                case FrameParts.SHORT -> b.asShortBuffer();
                case FrameParts.CHAR -> b.asCharBuffer();
                case FrameParts.INT -> b.asIntBuffer();
                case FrameParts.LONG -> b.asLongBuffer();
                case FrameParts.FLOAT -> b.asFloatBuffer();
                default -> b.asDoubleBuffer();
            };
            views[i] = v;
        }
        return v.clear().position(at >> shift);
    }
}
