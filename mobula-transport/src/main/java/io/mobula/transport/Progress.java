package io.mobula.transport;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Lets a waiting thread drive the progress of several connections at once (MPI's rule: the thread that waits makes
 * progress), where {@link Connection#receiveUntil} polls one: a thread waiting for something that may come from any
 * of a few peers (results of a group invocation, the turn of a replicated write, a barrier) reads and delivers the
 * frames of all of them on its own thread, in order per connection, instead of being woken by their receive threads.
 * While it polls, their receive threads stand by, as for a single polling caller.
 *
 * <p>Thread-safe: any number of threads may poll the same connections; each connection still delivers one frame at a
 * time, in order, on whichever thread holds its receive lock.
 */
public final class Progress {

    /** The most connections one call polls (a bit each in a {@code long}, so that a call allocates nothing). */
    public static final int MAX_CONNECTIONS = Long.SIZE;

    private Progress() {
    }

    /**
     * Reads and delivers frames of {@code connections} on the calling thread until {@code done} is true or
     * {@code windowNanos} passed; returns whether {@code done} became true. Connections whose transport cannot be
     * polled (blocking reads, other implementations of {@link Connection}), the connection whose handler the caller
     * is running in, and connections that are closed or ended are not read here: their own receive threads deliver.
     * When none is left to read, returns at once with the value of {@code done}, so a caller never spins on
     * connections that are gone. Whatever a handler throws while this thread delivers ends that connection (it
     * closes with the cause) and the others go on. Allocates nothing.
     *
     * @throws IllegalArgumentException for more than {@link #MAX_CONNECTIONS} connections
     */
    public static boolean receiveUntil(List<? extends Connection> connections, BooleanSupplier done,
                                       long windowNanos) {
        int n = connections.size();
        if (n > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("at most " + MAX_CONNECTIONS + " connections are polled at once, not "
                    + n + ": poll those the awaited data comes from");
        }
        long entered = 0;
        long spin = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (connections.get(i) instanceof StreamConnection s && s.engine.enterPolling()) {
                entered |= 1L << i;
                spin = Math.min(spin, s.engine.pollSpinNanos());
            }
        }
        boolean got = false;
        try {
            long start = System.nanoTime();
            while (!done.getAsBoolean()) {
                boolean again = false;
                boolean live = false;
                for (int i = 0; i < n; i++) {
                    if ((entered & (1L << i)) != 0) {
                        ProgressEngine e = ((StreamConnection) connections.get(i)).engine;
                        if (!e.ended()) {
                            live = true;
                            again |= e.pollOnce();
                        }
                    }
                }
                if (!live) {
                    got = done.getAsBoolean(); // nothing left to read here: the caller waits another way
                    return got;
                }
                if (again) {
                    continue;
                }
                long waited = System.nanoTime() - start;
                if (waited > windowNanos) {
                    return false;
                }
                ProgressEngine.idle(waited, spin);
            }
            got = true;
            return true;
        } finally {
            for (int i = 0; i < n; i++) {
                if ((entered & (1L << i)) != 0) {
                    ((StreamConnection) connections.get(i)).engine.leave(got);
                }
            }
        }
    }
}
