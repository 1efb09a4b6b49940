package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Arrays recorded out of line ({@link SerialWriter#outOfLine(int)}) stand for exactly the bytes the writer would have
 * written inline: for every size around the threshold, whole arrays and ranges, shared references, both byte orders,
 * peer writers with a type trailer and a reserved header patched afterwards.
 */
class OutOfLineTest {

    /** One message's writes, run against two writers. */
    private interface Script {
        void write(SerialWriter w) throws IOException;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(b.position(), out);
        return out;
    }

    /** The message from the inline bytes and the out-of-line parts, assembled here element by element. */
    private static byte[] assemble(SerialWriter w) {
        ByteBuffer inline = w.inline();
        ByteBuffer out = ByteBuffer.allocate(w.size()).order(w.byteOrder());
        int done = 0;
        for (int i = 0; i < w.outOfLineCount(); i++) {
            int at = w.outOfLineAt(i);
            out.put(out.position(), inline, done, at - done).position(out.position() + at - done);
            done = at;
            int off = w.outOfLineOffset(i);
            for (int j = off; j < off + w.outOfLineLength(i); j++) {
                switch (w.outOfLineArray(i)) {
                    case byte[] a -> out.put(a[j]);
                    case short[] a -> out.putShort(a[j]);
                    case char[] a -> out.putChar(a[j]);
                    case int[] a -> out.putInt(a[j]);
                    case long[] a -> out.putLong(a[j]);
                    case float[] a -> out.putInt(Float.floatToRawIntBits(a[j]));
                    case double[] a -> out.putLong(Double.doubleToRawLongBits(a[j]));
                    default -> throw new AssertionError(w.outOfLineArray(i));
                }
            }
        }
        out.put(out.position(), inline, done, inline.remaining() - done);
        return out.array();
    }

    /** Runs the script on a writer without and one with out-of-line arrays; both messages must be equal. */
    private static int compare(Serialization s, boolean peer, int threshold, Script script) throws IOException {
        SerialWriter plain = peer ? s.newPeerWriter() : s.newWriter();
        SerialWriter ool = peer ? s.newPeerWriter() : s.newWriter();
        ool.outOfLine(threshold);
        int arrays = 0;
        for (int round = 0; round < 2; round++) { // the second round: types known, no descriptors
            for (SerialWriter w : List.of(plain, ool)) {
                w.beginMessage();
                int header = w.reserve(9);
                script.write(w);
                boolean defs = w.endMessage();
                w.putByteAt(header, (byte) (defs ? 1 : 0));
                w.putLongAt(header + 1, 0x0102030405060708L);
            }
            byte[] expected = bytes(plain.buffer());
            assertEquals(0, plain.outOfLineCount());
            assertEquals(expected.length, ool.size());
            assertArrayEquals(expected, assemble(ool), "assembled from the parts");
            assertArrayEquals(expected, bytes(ool.buffer()), "flattened by buffer()");
            arrays = ool.outOfLineCount();
        }
        ool.beginMessage();
        assertEquals(0, ool.outOfLineCount(), "a new message forgets the arrays");
        return arrays;
    }

    @Test
    void everyKindSizeRangeAndOrderGivesTheSameBytes() throws IOException {
        Random r = new Random(42);
        int outOfLine = 0;
        for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
            Serialization s = Serialization.builder().byteOrder(order).build();
            for (int threshold : new int[] {1, 64, 4096}) {
                for (int n : new int[] {0, 1, 7, 15, 16, 17, 511, 512, 513, 1023, 1024, 1025, 4095, 4096, 5000}) {
                    int off = n == 0 ? 0 : r.nextInt(Math.min(n, 5));
                    int len = n - off - (n - off > 0 ? r.nextInt(Math.min(n - off, 3)) : 0);
                    byte[] b = new byte[n];
                    r.nextBytes(b);
                    short[] sh = new short[n];
                    char[] ch = new char[n];
                    int[] in = new int[n];
                    long[] lo = new long[n];
                    float[] fl = new float[n];
                    double[] db = new double[n];
                    boolean[] bo = new boolean[n];
                    for (int i = 0; i < n; i++) {
                        sh[i] = (short) r.nextInt();
                        ch[i] = (char) r.nextInt();
                        in[i] = r.nextInt();
                        lo[i] = r.nextLong();
                        fl[i] = Float.intBitsToFloat(r.nextInt());
                        db[i] = Double.longBitsToDouble(r.nextLong());
                        bo[i] = r.nextBoolean();
                    }
                    outOfLine += compare(s, r.nextBoolean(), threshold, w -> {
                        w.writeByte((byte) 3); // odd inline lengths: elements land unaligned
                        w.writeByteArray(b);
                        w.writeShortArray(sh, off, len);
                        w.writeString("between");
                        w.writeCharArray(ch);
                        w.writeIntArray(in, off, len);
                        w.writeIntArray(in); // a whole array, then the same array again: a handle
                        w.writeObject(in);
                        w.writeLongArray(lo, off, len);
                        w.writeFloatArray(fl);
                        w.writeBooleanArray(bo); // always inline
                        w.writeDoubleArray(db, off, len);
                        w.writeObject(db);
                        w.writeObject(new ArrayList<>(List.of("x", 1, lo)));
                        w.writeByteArray(b, off, len);
                        w.writeInt(77);
                    });
                }
            }
        }
        assertTrue(outOfLine > 500, "arrays recorded out of line: " + outOfLine);
    }

    @Test
    void theReaderReadsTheFlattenedMessage() throws IOException {
        Serialization s = Serialization.defaults();
        SerialWriter w = s.newPeerWriter();
        w.outOfLine(16);
        int[] big = new int[1000];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 31;
        }
        w.beginMessage();
        w.writeIntArray(big, 3, 900);
        w.writeObject(big);
        w.writeObject(big);
        boolean defs = w.endMessage();
        assertEquals(2, w.outOfLineCount());
        SerialReader r = s.newReader();
        r.beginMessage(w.buffer(), defs);
        assertArrayEquals(java.util.Arrays.copyOfRange(big, 3, 903), r.readIntArray());
        Object a = r.readObject();
        assertArrayEquals(big, (int[]) a);
        assertSame(a, r.readObject());
    }

    @Test
    void offByDefaultAndNegativeThresholdsAreRefused() throws IOException {
        SerialWriter w = Serialization.defaults().newPeerWriter();
        w.beginMessage();
        w.writeDoubleArray(new double[100_000]);
        assertEquals(0, w.outOfLineCount());
        assertThrows(IllegalArgumentException.class, () -> w.outOfLine(-1));
        w.outOfLine(8);
        w.beginMessage();
        w.writeDoubleArray(new double[100_000]);
        assertEquals(1, w.outOfLineCount());
        assertEquals(800_000, w.size() - w.inline().remaining(), "the elements are not in the buffer");
        assertThrows(IndexOutOfBoundsException.class, () -> w.outOfLineArray(1));
    }
}
