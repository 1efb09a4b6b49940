package io.mobula.repmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.repmi.RepmiMessages.Submit;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The set of replicas a submission's payload went to, as the sequencer reads it. */
class SubmitSentToTest {

    private static Submit submit(long[] sentTo) {
        return new Submit(3, 1, 1, 7, 0, sentTo);
    }

    @Test
    void theSetHoldsExactlyTheRanksGiven() {
        Random rnd = new Random(29);
        for (int round = 0; round < 200; round++) {
            int poolSize = 1 + rnd.nextInt(1100);
            int[] ranks = IntStream.range(0, poolSize).filter(r -> rnd.nextInt(3) == 0).toArray();
            Submit s = submit(Submit.ranks(ranks));
            java.util.Set<Integer> in = new java.util.HashSet<>();
            for (int r : ranks) {
                in.add(r);
            }
            for (int r = -3; r < poolSize + 130; r++) {
                assertEquals(in.contains(r), s.sentTo(r), "rank " + r + " of " + poolSize);
            }
        }
    }

    @Test
    void thousandsOfRanksTakeOneBitEach() {
        long[] all = Submit.ranks(IntStream.range(0, 1024).toArray());
        assertEquals(16, all.length, "1024 ranks in 16 longs (128 bytes), where a list took 1024 ints");
        assertTrue(submit(all).sentTo(1023));
        assertFalse(submit(all).sentTo(1024));
        assertEquals(1, Submit.ranks(63).length);
        assertEquals(2, Submit.ranks(64).length);
        assertEquals(0, Submit.ranks().length);
    }

    @Test
    void noSetMeansNobodyAndBadRanksAreRefused() {
        assertFalse(new Submit(3, 1, 1, 7, 0).sentTo(0), "a submission without a set: the sequencer sends the payload");
        assertFalse(submit(null).sentTo(0), "a hostile submission without one: the same");
        assertFalse(submit(new long[] {-1L}).sentTo(-1));
        assertTrue(submit(new long[] {-1L}).sentTo(63));
        assertThrows(IllegalArgumentException.class, () -> Submit.ranks(2, -1));
    }
}
