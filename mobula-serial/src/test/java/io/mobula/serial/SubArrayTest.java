package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Sub-array writes: a range goes out as an ordinary array and keeps the handle numbering in step. */
class SubArrayTest {
    /** A holder whose serializer writes a range of {@code data} and then {@code shared} twice. */
    static final class Slice {
        double[] data;
        int off;
        int len;
        int[] ints;
        long[] shared;
        double[] readData;
        int[] readInts;
        long[] readShared1;
        long[] readShared2;
    }

    static final class SliceSerializer implements Serializer<Slice> {
        @Override
        public Class<Slice> type() {
            return Slice.class;
        }

        @Override
        public long fingerprint() {
            return Fingerprint.of(Slice.class.getName());
        }

        @Override
        public void write(SerialWriter out, Slice v) throws IOException {
            out.writeDoubleArray(v.data, v.off, v.len);
            out.writeIntArray(v.ints, 1, 2);
            out.writeLongArray(v.shared);
            out.writeLongArray(v.shared);
        }

        @Override
        public Slice read(SerialReader in) throws IOException {
            Slice s = new Slice();
            in.register(s);
            s.readData = (double[]) in.readObject();
            s.readInts = (int[]) in.readObject();
            s.readShared1 = (long[]) in.readObject();
            s.readShared2 = (long[]) in.readObject();
            return s;
        }
    }

    private static final Serialization SER = Serialization.builder().register(new SliceSerializer()).build();

    @Test
    void rangeArrivesAsAnArrayAndLaterHandlesResolve() throws Exception {
        Slice s = new Slice();
        s.data = new double[] {0, 1, 2, 3, 4, 5, 6, 7};
        s.off = 3;
        s.len = 4;
        s.ints = new int[] {9, 8, 7, 6};
        s.shared = new long[] {42L, 43L};
        Slice back = (Slice) SER.fromBytes(SER.toBytes(s));
        assertArrayEquals(new double[] {3, 4, 5, 6}, back.readData);
        assertArrayEquals(new int[] {8, 7}, back.readInts);
        assertArrayEquals(s.shared, back.readShared1);
        assertSame(back.readShared1, back.readShared2, "the handle after two ranges must point at the shared array");
    }

    @Test
    void rangeOutsideTheArrayIsRefused() {
        Slice s = new Slice();
        s.data = new double[4];
        s.off = 2;
        s.len = 3;
        s.ints = new int[4];
        assertThrows(SerialException.class, () -> SER.toBytes(s));
    }
}
