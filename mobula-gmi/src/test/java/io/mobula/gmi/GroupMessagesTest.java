package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.serial.Serialization;
import org.junit.jupiter.api.Test;

/**
 * An invocation header's wire form ({@link Invoke#toWire}): it survives serialization, and anything else is refused.
 */
class GroupMessagesTest {
    private static final Serialization S = Serialization.defaults();

    @Test
    void aHeaderSurvivesItsWireForm() throws Exception {
        BinomialCombiner sum = Combiners.sum();
        Invoke h = new Invoke("g", 3, 5, 2, -(1L << 40) - 7, GroupMessages.REPLY_REDUCE, -1, new int[] {5, 1, 0}, true,
                sum);
        Invoke back = Invoke.fromWire(S.fromBytes(S.toBytes(h.toWire())));
        assertEquals("g", back.group());
        assertEquals(3, back.method());
        assertEquals(5, back.rank());
        assertEquals(2, back.origin());
        assertEquals(h.call(), back.call());
        assertEquals(GroupMessages.REPLY_REDUCE, back.reply());
        assertEquals(-1, back.replyRank());
        assertArrayEquals(new int[] {5, 1, 0}, back.ranks());
        assertTrue(back.relay());
        assertSame(sum.getClass(), back.reducer().getClass());
        Invoke plain = Invoke.fromWire(S.fromBytes(S.toBytes(new Invoke("g", 0, 0, 0, 0, GroupMessages.REPLY_NONE, 0,
                null, false, null).toWire())));
        assertEquals(null, plain.ranks());
        assertEquals(null, plain.reducer());
    }

    @Test
    void anythingElseIsRefused() {
        int[] fields = {0, 0, 0, 0, 0, 0, 0, 0};
        Object[][] bad = {
            {"g", fields, null}, // too short
            {1, fields, null, null}, // no group name
            {"g", new int[7], null, null}, // too few fields
            {"g", new int[] {0, 0, 0, 0, 300, 0, 0, 0}, null, null}, // reply mode outside a byte
            {"g", new int[] {0, 0, 0, 0, 0, 2, 0, 0}, null, null}, // relay flag neither 0 nor 1
            {"g", fields, new long[1], null}, // ranks not an int[]
            {"g", fields, null, "not a combiner"},
        };
        for (Object[] b : bad) {
            assertThrows(GroupException.class, () -> Invoke.fromWire(b));
        }
        assertThrows(GroupException.class, () -> Invoke.fromWire(null));
        assertThrows(GroupException.class, () -> Invoke.fromWire("text"));
    }
}
