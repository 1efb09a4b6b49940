package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The layout of a subtree's personalized parts ({@link SubtreeParts}): round trips, slices, and hostile bytes. */
class SubtreePartsTest {

    @Test
    void partsRoundTripAndSliceIntoMessagesOfTheirOwn() {
        byte[][] parts = {{}, {1}, {2, 2}, {}, {4, 4, 4, 4}};
        boolean[] thrown = {false, true, false, true, false};
        byte[] all = SubtreeParts.encode(parts, thrown, 0, 5);
        assertEquals(5, SubtreeParts.check(all));
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(parts[i], SubtreeParts.part(all, i), "part " + i);
            assertEquals(thrown[i], SubtreeParts.thrown(all, i), "part " + i);
        }
        byte[] mid = SubtreeParts.slice(all, 2, 5);
        assertEquals(3, SubtreeParts.check(mid));
        assertArrayEquals(SubtreeParts.encode(parts, thrown, 2, 5), mid, "a slice is the encoding of its parts");
        assertArrayEquals(new byte[] {4, 4, 4, 4}, SubtreeParts.part(mid, 2));
        assertEquals(0, SubtreeParts.check(SubtreeParts.slice(all, 3, 3)));
    }

    @Test
    void malformedPartsAreRefusedBeforeAnythingReadsThem() {
        byte[] good = SubtreeParts.encode(new byte[][] {{1, 2}, {3}}, null, 0, 2);
        assertEquals(2, SubtreeParts.check(good));
        byte[] tooMany = good.clone();
        ByteBuffer.wrap(tooMany).putInt(0, Integer.MAX_VALUE);
        byte[] negative = good.clone();
        ByteBuffer.wrap(negative).putInt(0, -1);
        byte[] backwards = good.clone();
        ByteBuffer.wrap(backwards).putInt(4, 3).putInt(8, 1);
        byte[] outside = good.clone();
        ByteBuffer.wrap(outside).putInt(8, 1000);
        byte[] flags = good.clone();
        flags[12] = 2;
        byte[] trailing = java.util.Arrays.copyOf(good, good.length + 1);
        byte[] shortEnd = good.clone();
        ByteBuffer.wrap(shortEnd).putInt(8, 2);
        for (byte[] bad : new byte[][] {null, {}, {0, 0, 0}, tooMany, negative, backwards, outside, flags, trailing,
                shortEnd}) {
            GroupException e = assertThrows(GroupException.class, () -> SubtreeParts.check(bad));
            assertTrue(e.getMessage().startsWith("malformed personalized parts"), e.getMessage());
        }
    }
}
