package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.serial.Serialization;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** An invocation header's fixed layout ({@link InvokeHeader}): it survives the trip, and anything else is refused. */
class GroupMessagesTest {
    private static final Serialization S = Serialization.defaults();

    @Test
    void aHeaderSurvivesItsLayout() throws Exception {
        BinomialCombiner sum = Combiners.sum();
        Invoke h = new Invoke("gröup", 3, 5, 2, -(1L << 40) - 7, GroupMessages.REPLY_REDUCE, -1,
                new int[] {5, 1, 0}, true, sum);
        Invoke back = InvokeHeader.decode(InvokeHeader.encode(h, S.toBytes(sum)), S);
        assertEquals("gröup", back.group());
        assertEquals(3, back.method());
        assertEquals(5, back.rank());
        assertEquals(2, back.origin());
        assertEquals(h.call(), back.call());
        assertEquals(GroupMessages.REPLY_REDUCE, back.reply());
        assertEquals(-1, back.replyRank());
        assertArrayEquals(new int[] {5, 1, 0}, back.ranks());
        assertTrue(back.relay());
        assertSame(sum.getClass(), back.reducer().getClass());
        byte[] flat = InvokeHeader.encode(new Invoke("gmibench", 0, 0, 0, 0, GroupMessages.REPLY_NONE, 0, null,
                false, null), null);
        assertEquals(InvokeHeader.FIXED + 8, flat.length, "a flat broadcast's header: the fixed part and the name");
        Invoke plain = InvokeHeader.decode(flat, S);
        assertNull(plain.ranks());
        assertNull(plain.reducer());
        Invoke none = InvokeHeader.decode(InvokeHeader.encode(new Invoke("g", 0, 0, 0, 0, GroupMessages.REPLY_ALL, 0,
                new int[0], false, null), null), S);
        assertArrayEquals(new int[0], none.ranks(), "an empty destination list is not the same as none");
        assertTrue(!none.parts() && !back.parts());
        Invoke scatter = InvokeHeader.decode(InvokeHeader.encode(new Invoke("g", 0, 0, 0, 0, GroupMessages.REPLY_NONE,
                0, new int[] {0, 1}, true, null, true), null), S);
        assertTrue(scatter.parts() && scatter.relay(), "a scatter's parameters are its subtree's parts");
        assertTrue(scatter.to(1).parts());
    }

    @Test
    void malformedHeadersAreRefusedWithTheReason() throws Exception {
        byte[] good = InvokeHeader.encode(new Invoke("g", 1, 2, 3, 4, GroupMessages.REPLY_ALL, 0, new int[] {2, 3},
                false, null), null);
        refused(null, "shorter");
        refused(Arrays.copyOf(good, InvokeHeader.FIXED - 1), "shorter");
        refused(Arrays.copyOf(good, good.length - 1), "in " + (good.length - 1) + " bytes");
        refused(Arrays.copyOf(good, good.length + 1), "in " + (good.length + 1) + " bytes");
        refused(with(good, b -> b.put(InvokeHeader.VERSION_OFFSET, (byte) 2)), "version 2");
        refused(with(good, b -> b.put(InvokeHeader.REPLY_OFFSET, (byte) 4)), "reply mode 4");
        refused(with(good, b -> b.put(InvokeHeader.FLAGS_OFFSET, (byte) 8)), "flags 8");
        byte[] noRanks = InvokeHeader.encode(new Invoke("g", 1, 2, 3, 4, GroupMessages.REPLY_ALL, 0, null, false,
                null), null);
        refused(with(noRanks, b -> b.put(InvokeHeader.FLAGS_OFFSET, (byte) InvokeHeader.PARTS)), "flags "
                + InvokeHeader.PARTS); // personalized parts need the ranks of the subtree they are for
        refused(with(good, b -> b.putInt(InvokeHeader.RANKS_COUNT_OFFSET, Integer.MAX_VALUE)), "ranks");
        refused(with(good, b -> b.putInt(InvokeHeader.RANKS_COUNT_OFFSET, -1)), "-1 ranks");
        refused(with(good, b -> b.putInt(InvokeHeader.REDUCER_LENGTH_OFFSET, Integer.MAX_VALUE)), "reducer");
        refused(with(good, b -> b.putShort(InvokeHeader.GROUP_LENGTH_OFFSET, (short) 2000)), "2000 bytes");
        // ranks counted but not present
        refused(with(good, b -> b.put(InvokeHeader.FLAGS_OFFSET, (byte) 0)), "2 ranks");
        // a reducer that is not a combiner
        byte[] text = S.toBytes("not a combiner");
        byte[] withText = Arrays.copyOf(good, good.length + text.length);
        System.arraycopy(text, 0, withText, good.length, text.length);
        ByteBuffer.wrap(withText).putInt(InvokeHeader.REDUCER_LENGTH_OFFSET, text.length);
        refused(withText, "not a BinomialCombiner");
    }

    @Test
    void randomBytesNeverGetPastTheChecks() {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] b = new byte[random.nextInt(80)];
            random.nextBytes(b);
            if (b.length > 0) {
                b[0] = InvokeHeader.VERSION;
            }
            try {
                Invoke h = InvokeHeader.decode(b, S);
                assertTrue(h.group() != null);
            } catch (GroupException expected) {
                assertTrue(expected.getMessage().startsWith("malformed invocation header: "), expected.getMessage());
            }
        }
    }

    private interface Edit {
        void apply(ByteBuffer b);
    }

    private static byte[] with(byte[] good, Edit e) {
        byte[] copy = good.clone();
        e.apply(ByteBuffer.wrap(copy));
        return copy;
    }

    private static void refused(byte[] bytes, String reason) {
        GroupException e = assertThrows(GroupException.class, () -> InvokeHeader.decode(bytes, S));
        assertTrue(e.getMessage().contains(reason), () -> "'" + reason + "' not in: " + e.getMessage());
    }
}
