package io.mobula.apps.acp;

import io.mobula.apps.AppSettings;
import io.mobula.apps.RankContext;
import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The messages that reached a rank, in arrival order: put by the threads that run the remote or group methods,
 * taken by the rank's computing thread. Every wait is bounded: it polls the pool, so a dead rank is named, and gives
 * up after the run's stall time ({@link io.mobula.apps.AppSettings#stall()}) without a message.
 */
final class AcpInbox {
    /** A batch of cells rank {@code from} removed. */
    record Batch(int from, int[] cells) {
    }

    /** A rank found a domain empty: stop working, and wait for the end of the run. */
    record Emptied(int from) {
    }

    /** The end of the run, {@link AcpNews#TERMINATED} or {@link AcpNews#INCONSISTENT}. */
    record Stop(int end) {
    }

    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private volatile Pool pool;
    private volatile Duration stall = AppSettings.defaults().stall();

    /** Makes waits poll the pool of {@code ctx} for dead ranks and give up after its settings' stall time. */
    void watch(RankContext<?> ctx) {
        this.stall = ctx.settings().stall();
        this.pool = ctx.pool();
    }

    /** Adds a {@link Batch}, {@link Emptied}, {@link Stop} or {@link Safra.Token}. */
    void put(Object message) {
        queue.add(message);
    }

    /** The oldest message, or null when there is none. */
    Object poll() {
        return queue.poll();
    }

    /** The oldest message, waiting (bounded) for one. */
    Object take() throws MemberLostException {
        Duration limit = stall;
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            Object m;
            try {
                m = queue.poll(20, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MemberLostException(-1, "interrupted waiting for removals or the end of the run", e);
            }
            if (m != null) {
                return m;
            }
            Pool p = pool;
            if (p != null) {
                p.check();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new MemberLostException(-1, "no message for " + limit + " while passive, though the"
                        + " pool reports nobody dead", null);
            }
        }
    }
}
