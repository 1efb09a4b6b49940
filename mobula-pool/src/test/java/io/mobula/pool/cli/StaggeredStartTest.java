package io.mobula.pool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The launcher's staggered start, without processes: a join counter stands for the pool server. */
class StaggeredStartTest {

    /** {@code --stagger 3}: 8 ranks, through ssh or local, at most 3 starting at a time, whatever the processors. */
    @Test
    void anExplicitWaveHoldsForAllRanks() throws Exception {
        AtomicInteger joined = new AtomicInteger();
        StaggeredStart s = StaggeredStart.withWave(8, 3, 60_000, joined::get, () -> false);
        assertEquals(3, s.wave());
        assertTrue(s.staggering());
        for (int r = 0; r < 8; r++) {
            if (r >= 3) {
                joined.incrementAndGet(); // one more has joined: rank r may start
            }
            s.beforeStart(r);
            assertTrue(r + 1 - joined.get() <= 3, "rank " + r + " started with " + (r + 1 - joined.get())
                    + " starting");
        }
        assertTrue(s.staggering()); // never gave up: every start waited for a join that had come
        assertFalse(StaggeredStart.withWave(3, 3, 60_000, () -> 0, () -> false).staggering());
        // without joins, the third of a wave of 2 waits (here the 200 ms wave timeout, then the rest start at once)
        StaggeredStart w = StaggeredStart.withWave(5, 2, 200, () -> 0, () -> false);
        w.beforeStart(0);
        w.beforeStart(1);
        long t0 = System.nanoTime();
        w.beforeStart(2);
        assertTrue(System.nanoTime() - t0 >= 190_000_000L, "the third start waited for a join");
        assertFalse(w.staggering());
    }

    @Test
    void fewRanksStartAtOnce() throws Exception {
        StaggeredStart s = StaggeredStart.forLocalRanks(4, 2, 60_000, () -> 0, () -> false);
        assertEquals(Integer.MAX_VALUE, s.wave());
        assertFalse(s.staggering());
        for (int r = 0; r < 4; r++) {
            s.beforeStart(r); // nobody joins, yet nothing waits
        }
    }

    /**
     * 7 ranks on 1 processor: at most 2 are starting at any time. Ranks join one by one, each some time after it
     * started; a rank starts only once all but 2 of the ranks started before it have joined.
     */
    @Test
    void atMostTwiceTheProcessorsAreStartingAtAnyTime() throws Exception {
        AtomicInteger joined = new AtomicInteger();
        List<Integer> joinedWhenStarted = new ArrayList<>();
        StaggeredStart s = StaggeredStart.forLocalRanks(7, 1, 60_000, joined::get, () -> false);
        assertEquals(2, s.wave());
        Thread joiner = Thread.ofPlatform().daemon().start(() -> {
            try {
                for (int i = 0; i < 7; i++) {
                    Thread.sleep(30);
                    joined.incrementAndGet();
                }
            } catch (InterruptedException e) {
                // the test ended
            }
        });
        try {
            for (int r = 0; r < 7; r++) {
                s.beforeStart(r);
                joinedWhenStarted.add(joined.get());
            }
        } finally {
            joiner.interrupt();
        }
        for (int r = 0; r < 7; r++) {
            int starting = r + 1 - joinedWhenStarted.get(r); // this one and those started but not yet joined
            assertTrue(starting <= 2, "rank " + r + " started with " + starting + " ranks starting: "
                    + joinedWhenStarted);
        }
        assertTrue(s.staggering());
    }

    @Test
    void withoutAJoinForTheWaveTimeoutTheRestStartAtOnce() throws Exception {
        StaggeredStart s = StaggeredStart.forLocalRanks(5, 1, 200, () -> 0, () -> false);
        long t0 = System.nanoTime();
        s.beforeStart(2); // waits for one join that never comes, for the wave timeout
        long waitedMs = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(waitedMs >= 190, "waited " + waitedMs + " ms");
        assertFalse(s.staggering());
        long t1 = System.nanoTime();
        s.beforeStart(3);
        s.beforeStart(4);
        assertTrue((System.nanoTime() - t1) / 1_000_000 < 100, "the rest started at once");
    }

    @Test
    void anExitedRankEndsTheWaitAtOnce() throws Exception {
        AtomicBoolean exited = new AtomicBoolean();
        StaggeredStart s = StaggeredStart.forLocalRanks(5, 1, 60_000, () -> 0, exited::get);
        Thread.ofPlatform().daemon().start(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
            exited.set(true);
        });
        long t0 = System.nanoTime();
        s.beforeStart(2);
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 10_000, "the wait ended when the rank exited");
        assertFalse(s.staggering());
    }
}
