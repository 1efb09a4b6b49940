package io.mobula.apps;

import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The blocking calls of the naive RMI versions (thesis 4.4.2): a rank calls a remote object on one rank that answers
 * once the data is there. Both sides are bounded: the server waits at most {@link #MILLIS} and then answers null, and
 * the caller calls again until an answer comes, checking the pool for dead ranks between calls and giving up after
 * the run's stall time ({@link AppSettings#stall()}). So a blocked call never holds a connection forever, and a dead
 * rank fails the wait.
 */
public final class LongPoll {
    /** How long the server side of one call waits for its data before answering null. */
    public static final long MILLIS = 100;

    private LongPoll() {
    }

    /**
     * Server side, called holding {@code monitor}'s lock (in a synchronized method; whoever makes {@code ready} true
     * calls {@code notifyAll}): waits until {@code ready} holds or {@link #MILLIS} have passed. Returns whether it
     * holds. An interrupt (the server shutting down) fails the call.
     */
    public static boolean await(Object monitor, BooleanSupplier ready) throws RemoteException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MILLIS);
        while (!ready.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(monitor, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteException("interrupted while waiting to answer", e);
            }
        }
        return true;
    }

    /**
     * Caller side: calls {@code call} (a remote call to rank {@code server} of the pool of {@code ctx}) until it
     * answers non-null, and returns that; {@code what} names the awaited data in errors.
     */
    public static <T> T until(RankContext<?> ctx, int server, Callable<T> call, String what) throws Exception {
        Pool pool = ctx.pool();
        Duration stall = ctx.settings().stall();
        long deadline = System.nanoTime() + stall.toNanos();
        while (true) {
            T v;
            try {
                v = call.call();
            } catch (RemoteException e) {
                throw pool.lost(server, e);
            }
            if (v != null) {
                return v;
            }
            pool.check();
            if (System.nanoTime() - deadline > 0) {
                throw new MemberLostException(-1, "no progress for " + stall + " waiting for " + what
                        + ", though the pool reports nobody dead", null);
            }
        }
    }

    /** A remote call without a result. */
    @FunctionalInterface
    public interface Call {
        /** Makes the call. */
        void run() throws Exception;
    }

    /** A plain remote call to rank {@code server}: a RemoteException becomes the pool's account of who was lost. */
    public static void send(Pool pool, int server, Call call) throws Exception {
        try {
            call.run();
        } catch (RemoteException e) {
            throw pool.lost(server, e);
        }
    }

    /** A remote call to rank {@code server} with a result: a RemoteException becomes the pool's account. */
    public static <T> T call(Pool pool, int server, Callable<T> call) throws Exception {
        try {
            return call.call();
        } catch (RemoteException e) {
            throw pool.lost(server, e);
        }
    }
}
