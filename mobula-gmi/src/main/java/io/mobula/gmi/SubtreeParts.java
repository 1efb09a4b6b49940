package io.mobula.gmi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The personalized parts of one binomial subtree in one message, as a tree scatter carries them (thesis 5.4.1; MPI's
 * binomial scatter): a scatter's parameter vectors ({@link PersonalizedInvocation}) or a combined invocation's
 * personalized results ({@link PersonalizedReply}) from {@code mobula.gmi.relayFrom} destinations on. Part {@code i}
 * belongs to the receiver's position plus {@code i}: a binomial subtree is a contiguous run of positions
 * ({@link io.mobula.pool.BinomialTree#subtreeEnd}), so a relay keeps part 0 and hands each child the contiguous run of
 * its child's subtree ({@link #slice}). Every part is a self-contained serialized message; nothing here deserializes.
 * This class owns the layout, big-endian:
 *
 * <pre>
 *   count (i32) | end of part 0 .. end of part count-1 (i32 each, offsets into the data) | flags (1 byte per part)
 *   | data (the parts one after another)
 * </pre>
 *
 * Flag bit {@link #THROWN}: the part is a Throwable (a failed participant's result). {@link #check} validates a
 * received message once (every offset inside it, in order, the last one its end) before anything reads it; nothing is
 * allocated from a length that was not checked against the bytes there.
 */
final class SubtreeParts {
    /** Flag bit: the part is a serialized Throwable. */
    static final int THROWN = 1;
    /** Reads and writes the layout's big-endian ints in place (no buffer per access). */
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private SubtreeParts() {
    }

    /**
     * The parts {@code from} to {@code to - 1} of {@code parts} in one message; {@code thrown} may be null (no part
     * is a Throwable).
     */
    static byte[] encode(byte[][] parts, boolean[] thrown, int from, int to) {
        int count = to - from;
        long data = 0;
        for (int i = from; i < to; i++) {
            data += parts[i].length;
        }
        long total = 4L + 5L * count + data;
        if (total > Integer.MAX_VALUE - 16) {
            throw new GroupException("the personalized parts of " + count + " members take " + total + " bytes,"
                    + " more than one message can carry");
        }
        ByteBuffer b = ByteBuffer.allocate((int) total);
        b.putInt(0, count);
        int dataAt = 4 + 5 * count;
        int end = 0;
        for (int i = 0; i < count; i++) {
            byte[] p = parts[from + i];
            b.put(dataAt + end, p);
            end += p.length;
            b.putInt(4 + 4 * i, end);
            b.put(4 + 4 * count + i, (byte) (thrown != null && thrown[from + i] ? THROWN : 0));
        }
        return b.array();
    }

    /**
     * The number of parts in {@code bytes}, after checking their layout.
     *
     * @throws GroupException when the bytes are not such a message
     */
    static int check(byte[] bytes) {
        if (bytes == null || bytes.length < 4) {
            throw malformed("shorter than 4 bytes");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int count = b.getInt(0);
        if (count < 0 || count > (bytes.length - 4) / 5) {
            throw malformed(count + " parts in " + bytes.length + " bytes");
        }
        int dataLength = bytes.length - 4 - 5 * count;
        int last = 0;
        for (int i = 0; i < count; i++) {
            int end = b.getInt(4 + 4 * i);
            if (end < last || end > dataLength) {
                throw malformed("part " + i + " ends at " + end + ", after " + last + " in " + dataLength
                        + " bytes of data");
            }
            int flags = b.get(4 + 4 * count + i);
            if ((flags & ~THROWN) != 0) {
                throw malformed("flags " + flags + " of part " + i);
            }
            last = end;
        }
        if (last != dataLength) {
            throw malformed((dataLength - last) + " bytes after the last part");
        }
        return count;
    }

    /** The number of parts of a {@link #check checked} message. */
    static int count(byte[] bytes) {
        return (int) INT.get(bytes, 0);
    }

    /** The end of part {@code i} in the data of a checked message holding {@code count} parts (0 for i = -1). */
    private static int end(byte[] bytes, int i) {
        return i < 0 ? 0 : (int) INT.get(bytes, 4 + 4 * i);
    }

    /** Where part {@code i} of a checked message starts in it. */
    static int offset(byte[] bytes, int i) {
        return 4 + 5 * count(bytes) + end(bytes, i - 1);
    }

    /** The length of part {@code i} of a checked message. */
    static int length(byte[] bytes, int i) {
        return end(bytes, i) - end(bytes, i - 1);
    }

    /** Whether part {@code i} of a checked message is a Throwable. */
    static boolean thrown(byte[] bytes, int i) {
        return (bytes[4 + 4 * count(bytes) + i] & THROWN) != 0;
    }

    /** A copy of part {@code i} of a checked message. */
    static byte[] part(byte[] bytes, int i) {
        int at = offset(bytes, i);
        return java.util.Arrays.copyOfRange(bytes, at, at + length(bytes, i));
    }

    /**
     * Parts {@code from} to {@code to - 1} of a checked message, as a message of their own (its part 0 is part
     * {@code from}): the one copy a relay makes, of the bytes it sends.
     */
    static byte[] slice(byte[] bytes, int from, int to) {
        int count = count(bytes);
        int base = end(bytes, from - 1);
        int last = end(bytes, to - 1);
        int n = to - from;
        byte[] out = new byte[4 + 5 * n + last - base];
        INT.set(out, 0, n);
        for (int i = 0; i < n; i++) {
            INT.set(out, 4 + 4 * i, end(bytes, from + i) - base);
        }
        System.arraycopy(bytes, 4 + 4 * count + from, out, 4 + 4 * n, n);
        System.arraycopy(bytes, 4 + 5 * count + base, out, 4 + 5 * n, last - base);
        return out;
    }

    private static GroupException malformed(String why) {
        return new GroupException("malformed personalized parts: " + why);
    }
}
