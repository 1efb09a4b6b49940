package io.mobula.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The relief watcher drops a connection that ran no work for a while; a receive thread may start work at any moment
 * of that (ProgressEngine: it sets its working thread, then registers unless the watched flag is set). Whatever the
 * moment, the connection must end up watched while its work runs, or a blocked work is never relieved.
 */
class ReceiveReliefForgetTest {
    private final Set<Object> watched = ConcurrentHashMap.newKeySet();
    private final Object connection = new Object();
    private final AtomicBoolean flag = new AtomicBoolean(true);
    private final AtomicReference<Thread> working = new AtomicReference<>();

    /** What ProgressEngine.runHandedOffWork does when work starts. */
    private void workStarts() {
        working.set(Thread.currentThread());
        ProgressEngine.watchRelief(flag, () -> watched.add(connection));
    }

    /** What ProgressEngine.rewatchIfRunning does. */
    private void rewatchIfRunning() {
        if (working.get() != null) {
            ProgressEngine.watchRelief(flag, () -> watched.add(connection));
        }
    }

    @Test
    void workStartingAsTheFlagIsClearedStaysWatched() {
        watched.add(connection);
        ReceiveRelief.forget(watched, connection, () -> {
            flag.set(false);
            workStarts(); // the receive thread starts work right after the flag was cleared
        }, this::rewatchIfRunning);
        assertTrue(watched.contains(connection), "work that started while the connection was dropped is watched");
    }

    @Test
    void workStartingAsTheConnectionLeavesTheSetStaysWatched() {
        watched.add(connection);
        ReceiveRelief.forget(watched, connection, () -> {
            workStarts(); // the flag is still set: the work does not register; the look after finds it
            flag.set(false);
        }, this::rewatchIfRunning);
        assertTrue(watched.contains(connection), "work that started while the connection was dropped is watched");
    }

    @Test
    void aConnectionWithoutWorkIsDropped() {
        watched.add(connection);
        ReceiveRelief.forget(watched, connection, () -> flag.set(false), this::rewatchIfRunning);
        assertTrue(!watched.contains(connection) && !flag.get());
    }

    /**
     * Receive threads starting work and the relief thread's look may all find the flag clear at once: exactly one of
     * them registers the connection, in every round.
     */
    @Test
    void exactlyOneOfManyRacingThreadsRegisters() throws Exception {
        int threads = 4;
        int rounds = 2_000;
        AtomicBoolean raceFlag = new AtomicBoolean();
        AtomicInteger watches = new AtomicInteger();
        AtomicInteger wins = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(threads, () -> raceFlag.set(false));
        CyclicBarrier end = new CyclicBarrier(threads);
        Thread[] racers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            racers[i] = Thread.ofPlatform().start(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        start.await(10, TimeUnit.SECONDS);
                        if (ProgressEngine.watchRelief(raceFlag, watches::incrementAndGet)) {
                            wins.incrementAndGet();
                        }
                        end.await(10, TimeUnit.SECONDS);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        for (Thread t : racers) {
            t.join(30_000);
            assertTrue(!t.isAlive(), "a racer hung");
        }
        assertEquals(rounds, watches.get(), "one watch per round");
        assertEquals(rounds, wins.get(), "one winner per round");
        assertTrue(raceFlag.get());
    }
}
