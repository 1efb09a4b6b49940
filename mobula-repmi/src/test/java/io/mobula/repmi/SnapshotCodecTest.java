package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.board.BoardRoot;
import io.mobula.repmi.stack.StackRoot;
import io.mobula.serial.ClassFilter;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The snapshot a joiner installs carries a cloud of any depth (a linked list far deeper than the serializer's depth
 * limit and than a thread's stack), keeps shared objects, cycles, strings, arrays and deterministic hash codes, and
 * refuses hostile bytes with a CloudException that says why, never by running out of memory or stack.
 */
class SnapshotCodecTest {
    private static final Serialization VALUES = Serialization.defaults();

    private static RepmiMessages.Snapshot snapshot(Object... roots) {
        List<RepmiMessages.CloudState> clouds = new java.util.ArrayList<>();
        for (int i = 0; i < roots.length; i++) {
            clouds.add(new RepmiMessages.CloudState(10 + i, "c" + i, "p.I" + i, 100 + i, roots[i]));
        }
        return new RepmiMessages.Snapshot(42, 41, new int[] {0, 2}, new long[][] {{1, 5, 5, 9}, {2, 3}}, clouds);
    }

    private static RepmiMessages.Snapshot roundTrip(RepmiMessages.Snapshot s) {
        return SnapshotCodec.decode(SnapshotCodec.encode(s, VALUES), VALUES, ClassFilter.defaults(),
                SnapshotCodecTest.class.getClassLoader());
    }

    @Test
    void aListOfTwoHundredThousandNodesCrossesWhole() {
        StackRoot deep = new StackRoot();
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            deep.push(i);
        }
        assertThrows(SerialException.class, () -> VALUES.toBytes(deep), "deeper than the serializer's limit");
        RepmiMessages.Snapshot back = roundTrip(snapshot(deep));
        StackRoot copy = (StackRoot) back.clouds().get(0).root();
        assertEquals(n, copy.size());
        assertEquals(deep.hashCode(), copy.hashCode(), "the deterministic hash travels");
        for (int i = n - 1; i >= 0; i--) {
            assertEquals(i, copy.pop());
        }
        assertEquals(42, back.seq());
        assertEquals(41, back.applied());
        assertArrayEquals(new int[] {0, 2}, back.members());
        assertArrayEquals(new long[] {1, 5, 5, 9}, back.writers()[0]);
        assertArrayEquals(new long[] {2, 3}, back.writers()[1]);
        RepmiMessages.CloudState c = back.clouds().get(0);
        assertEquals(List.of(10L, "c0", "p.I0", 100L), List.of(c.id(), c.name(), c.rootInterface(), c.hashes()));
    }

    @Test
    void arraysStringsSharedObjectsAndCyclesComeOutAsTheyWentIn() {
        BoardRoot b = new BoardRoot();
        b.put(0, "zero");
        b.put(1, "one");
        b.put(3, "three\u00df");
        BoardRoot other = new BoardRoot();
        RepmiMessages.Snapshot back = roundTrip(snapshot(b, other, b));
        BoardRoot copy = (BoardRoot) back.clouds().get(0).root();
        assertEquals(b.describe(), copy.describe());
        assertEquals(other.describe(), ((BoardRoot) back.clouds().get(1).root()).describe());
        assertSame(copy, back.clouds().get(2).root(), "one object, one copy");
        assertTrue(copy.describe().contains("loop"), copy.describe());
    }

    @Test
    void hostileBytesAreRefusedWithAReason() throws Exception {
        byte[] good = SnapshotCodec.encode(snapshot(new BoardRoot()), VALUES);
        assertRefused(new byte[] {1, 2, 3}, "ends early");
        assertRefused(new byte[16], "not a snapshot");
        assertRefused(java.util.Arrays.copyOf(good, good.length - 3), "ends early");
        assertRefused(java.util.Arrays.copyOf(good, good.length + 1), "follow its end");
        // a class that is not a cloud class, named where the first class of the table is
        String first = BoardRoot.class.getName();
        assertRefused(replace(good, first, "java.util.concurrent.locks.Lock"), "cannot be in a cloud");
        assertRefused(replace(good, first, "io.mobula.repmi.board.NoSuchOne"), "cannot load");
        // the ordinary serializer's filter decides too
        assertRefused(SnapshotCodec.encode(snapshot(new BoardRoot()), VALUES), "not allowed", ClassFilter.builder()
                .deny("io.mobula.repmi.board.**").build());
        // a count no bytes back: refused before anything is allocated
        ByteBuffer huge = ByteBuffer.allocate(48);
        huge.putInt(0x52504d53).putInt(1).putLong(1).putLong(1).putInt(Integer.MAX_VALUE);
        assertRefused(huge.array(), "more than its");
    }

    @Test
    void randomDamageFailsOnlyWithCloudException() {
        BoardRoot b = new BoardRoot();
        b.put(0, "zero");
        b.put(2, "two");
        StackRoot s = new StackRoot();
        for (int i = 0; i < 50; i++) {
            s.push(i);
        }
        byte[] good = SnapshotCodec.encode(snapshot(b, s), VALUES);
        Random r = new Random(24);
        for (int round = 0; round < 3000; round++) {
            byte[] bad = good.clone();
            for (int k = 1 + r.nextInt(4); k > 0; k--) {
                int at = r.nextInt(bad.length);
                bad[at] = r.nextInt(3) == 0 ? (byte) 0xff : (byte) r.nextInt(256);
            }
            try {
                SnapshotCodec.decode(bad, VALUES, ClassFilter.defaults(), getClass().getClassLoader());
            } catch (CloudException expected) {
                // refused with a reason
            }
        }
    }

    private static byte[] replace(byte[] bytes, String from, String to) {
        assertEquals(from.length(), to.length(), "same length keeps the layout");
        byte[] f = from.getBytes(StandardCharsets.UTF_8);
        byte[] out = bytes.clone();
        for (int i = 0; i + f.length <= out.length; i++) {
            if (java.util.Arrays.equals(out, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(to.getBytes(StandardCharsets.UTF_8), 0, out, i, f.length);
                return out;
            }
        }
        throw new AssertionError(from + " not found");
    }

    private static void assertRefused(byte[] bytes, String why) {
        assertRefused(bytes, why, ClassFilter.defaults());
    }

    private static void assertRefused(byte[] bytes, String why, ClassFilter filter) {
        CloudException e = assertThrows(CloudException.class, () -> SnapshotCodec.decode(bytes, VALUES, filter,
                SnapshotCodecTest.class.getClassLoader()));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }
}
