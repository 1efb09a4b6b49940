package io.mobula.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
        if (!flag.get()) {
            flag.set(true);
            watched.add(connection);
        }
    }

    /** What ProgressEngine.rewatchIfRunning does. */
    private void rewatchIfRunning() {
        if (working.get() != null && !flag.get()) {
            flag.set(true);
            watched.add(connection);
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
}
