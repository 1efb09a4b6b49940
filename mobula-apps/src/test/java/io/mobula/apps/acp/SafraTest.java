package io.mobula.apps.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Safra's termination detection without sockets: ranks that work, send messages and go passive, a network that
 * holds messages back and delivers them in any order, and the detector's verdict checked against the true state.
 */
class SafraTest {
    /** A message in flight: a basic message (token null) or the token. */
    private record Flight(int to, Safra.Token token) {
    }

    /** A random run: whenever rank 0 says terminated, every rank is passive and nothing is in flight. */
    private static int simulate(int size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Safra[] safra = new Safra[size];
        boolean[] active = new boolean[size];
        int[] budget = new int[size];
        for (int r = 0; r < size; r++) {
            safra[r] = new Safra(r, size);
            active[r] = rnd.nextBoolean() || r == 0;
            budget[r] = rnd.nextInt(30);
        }
        List<Flight> flight = new ArrayList<>();
        for (int step = 0; step < 1_000_000; step++) {
            int r = rnd.nextInt(size);
            int what = rnd.nextInt(3);
            if (what == 0 && active[r]) {
                if (budget[r] > 0 && rnd.nextInt(3) > 0) {
                    budget[r]--;
                    int to = rnd.nextInt(size);
                    safra[r].sent(1);
                    flight.add(new Flight(to, null));
                } else {
                    active[r] = false;
                }
            } else if (what == 1 && !flight.isEmpty()) {
                // any message in flight, not the oldest: reordered, and some held back for long
                Flight f = flight.remove(rnd.nextInt(flight.size()));
                if (f.token() == null) {
                    safra[f.to()].received();
                    active[f.to()] = true;
                } else {
                    safra[f.to()].token(f.token());
                }
            } else if (what == 2 && !active[r]) {
                Safra.Token t = safra[r].passive();
                if (t != null) {
                    flight.add(new Flight(safra[r].next(), t));
                }
                if (safra[0].terminated()) {
                    for (int q = 0; q < size; q++) {
                        assertFalse(active[q], "rank " + q + " still works at termination, seed " + seed);
                    }
                    assertTrue(flight.isEmpty(), "messages in flight at termination: " + flight + ", seed " + seed);
                    return step;
                }
            }
        }
        throw new AssertionError("no termination detected, seed " + seed + ", size " + size);
    }

    @Test
    void terminationIsDetectedOnlyWhenNothingWorksOrIsInFlight() {
        for (int size = 1; size <= 5; size++) {
            for (long seed = 0; seed < 300; seed++) {
                simulate(size, seed);
            }
        }
    }

    @Test
    void aMessageHeldBackWhileTheTokenGoesRoundPreventsTermination() {
        Safra zero = new Safra(0, 2);
        Safra one = new Safra(1, 2);
        one.sent(1); // a message from 1 to 0, held back
        Safra.Token t = zero.passive(); // rank 0 starts a round
        one.token(t);
        zero.token(one.passive()); // rank 1 passes on its count of 1
        assertEquals(new Safra.Token(0, false), zero.passive(), "1 sent, 0 received: another round");
        assertFalse(zero.terminated());
        zero.received(); // the message arrives at last; rank 0 works, then is passive again
        one.token(new Safra.Token(0, false));
        zero.token(one.passive());
        assertEquals(new Safra.Token(0, false), zero.passive(), "rank 0 was black: another round");
        one.token(new Safra.Token(0, false));
        zero.token(one.passive());
        assertNull(zero.passive());
        assertTrue(zero.terminated(), "a quiet round after the last message");
    }

    @Test
    void aRankReactivatedBehindTheTokenIsCaughtByColourWhenCountsBalance() {
        // the ring 0 -> 2 -> 1 -> 0
        Safra[] s = {new Safra(0, 3), new Safra(1, 3), new Safra(2, 3)};
        s[2].sent(1); // m1: 2 -> 1
        s[2].token(s[0].passive());
        Safra.Token t = s[2].passive(); // carries 2's count of 1, white
        s[1].received(); // m1 arrives; rank 1 works
        s[1].sent(1); // m2: 1 -> 2
        s[2].received(); // rank 2, already passed by the token, works again
        s[2].sent(1); // m3: 2 -> 1
        s[1].received();
        s[1].token(t);
        t = s[1].passive(); // 1 + (-1): the counts balance, but rank 1 is black
        assertEquals(new Safra.Token(0, true), t);
        s[0].token(t);
        assertEquals(new Safra.Token(0, false), s[0].passive(), "a black token starts another round");
        assertFalse(s[0].terminated(), "rank 2 may still be working");
    }

    @Test
    void aSecondTokenOrARankOutOfRangeIsRefused() {
        Safra one = new Safra(1, 2);
        one.token(new Safra.Token(0, false));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> one.token(new Safra.Token(0, false)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Safra(2, 2));
    }
}
