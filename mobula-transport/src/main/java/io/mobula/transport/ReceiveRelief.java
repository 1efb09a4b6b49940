package io.mobula.transport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The one thread per process that makes sure a connection keeps receiving while its receive thread runs work a
 * frame handler gave it ({@link Connection#runAfterFrame}): when such work has run for
 * {@link TransportOptions#receiverRelief()}, it starts a fresh receive thread for the connection, which goes on where
 * the busy one stopped; the busy thread ends when its work returns. So running a call on the thread that read it
 * costs nothing when the call is short (the common case: no hand-off, no wake-up, and the thread is back receiving at
 * once), and a call that blocks, waits for another frame of the same connection or computes for long holds up the
 * connection's other frames for at most about twice the relief time. Leader/followers without a wake-up per
 * request: the follower is only woken when the leader is late.
 *
 * <p>Threading: a connection {@linkplain #watch registers} when its receive thread starts work while unwatched, and
 * is dropped once it has run none for {@link #FORGET_RELIEF_TIMES} relief times; registration is the only call from
 * other threads. While some connection is registered the thread looks once a relief time, or when the work that runs
 * is due, and parks without a timeout otherwise (work found at a look is relieved once it has run a relief time;
 * work that starts between looks, at the next look at most one more relief time later), so an idle process spends nothing on it, and one that serves a call now and then (a lease
 * renewal a second) pays one registration per call instead of a tick every millisecond between them. It is a
 * daemon, started on first use, and logs and goes on after a runtime exception.
 */
final class ReceiveRelief implements Runnable {

    private static final System.Logger LOG = System.getLogger("io.mobula.transport");
    /**
     * A connection that ran no work for this many relief times is no longer watched (it registers again when it
     * does): short enough that sparse calls leave the thread asleep between them, long enough that a steady stream of
     * calls registers once.
     */
    static final int FORGET_RELIEF_TIMES = 10;

    private static final ReceiveRelief SHARED = new ReceiveRelief();

    private final Set<ProgressEngine> watched = ConcurrentHashMap.newKeySet();
    /** Written under this. */
    private volatile Thread thread;
    private volatile boolean sleeping;

    private ReceiveRelief() {
    }

    static ReceiveRelief shared() {
        return SHARED;
    }

    /** Watches {@code c} from now on (it runs handed-off work); any thread. */
    void watch(ProgressEngine c) {
        watched.add(c);
        if (sleeping || thread == null) {
            ensureRunning();
            LockSupport.unpark(thread);
        }
    }

    /**
     * Stops watching {@code c}, which ran no work for a while, without losing work it starts meanwhile: out of the set
     * first, then its flag cleared ({@code unwatched}), then a look whether work started ({@code rewatchIfRunning}:
     * registers it again if so and the flag is still clear). Work that starts before the flag is cleared is found by
     * that look; work that starts after it registers itself, after the removal. In the other order (flag, then set),
     * work starting in between registered itself, was then removed, and kept the flag set, so no later work
     * registered: a receive thread blocked in its work was never relieved and the connection stopped receiving until
     * the peer timeout closed it (a soak lost two connections this way while their clients called back).
     */
    static <T> void forget(Set<T> watched, T c, Runnable unwatched, Runnable rewatchIfRunning) {
        watched.remove(c);
        unwatched.run();
        rewatchIfRunning.run();
    }

    private synchronized void ensureRunning() {
        if (thread == null || !thread.isAlive()) {
            thread = Thread.ofPlatform().daemon().name("mobula-receive-relief").start(this);
        }
    }

    @Override
    public void run() {
        while (true) {
            try {
                long tick = Long.MAX_VALUE;
                long now = System.nanoTime();
                for (ProgressEngine c : watched) {
                    long next = c.checkRelief(now);
                    if (next < 0) {
                        forget(watched, c, c::unwatched, c::rewatchIfRunning);
                    } else {
                        tick = Math.min(tick, next);
                    }
                }
                if (tick == Long.MAX_VALUE) {
                    sleeping = true;
                    if (watched.isEmpty()) {
                        LockSupport.park(this);
                    }
                    sleeping = false;
                } else {
                    LockSupport.parkNanos(this, tick);
                }
            } catch (RuntimeException | OutOfMemoryError e) {
                LOG.log(System.Logger.Level.WARNING, "receive relief: " + e, e);
                LockSupport.parkNanos(this, 1_000_000);
            }
        }
    }
}
