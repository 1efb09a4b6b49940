package io.mobula.apps;

import io.mobula.pool.MemberLostException;
import io.mobula.pool.Pool;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits for a value that shows up in a local replica, by polling (the RepMI versions of LEQ, QR and ACP;
 * ASP's waits with a blocking read instead, docs/REPMI.md): spins briefly,
 * then parks for growing intervals up to 1 ms. Bounded like {@link Mailbox}: polls the pool for dead ranks and gives
 * up after {@link Mailbox#STALL}.
 */
public final class Polling {
    private final Pool pool;

    /** Polling that checks {@code pool} for dead ranks. */
    public Polling(Pool pool) {
        this.pool = pool;
    }

    /** Calls {@code read} until it returns non-null, and returns that. */
    public <T> T until(Callable<T> read, String what) throws Exception {
        long start = System.nanoTime();
        long deadline = start + Mailbox.STALL.toNanos();
        long park = 1_000;
        for (int i = 0; ; i++) {
            T v = read.call();
            if (v != null) {
                return v;
            }
            if (i < 100) {
                Thread.onSpinWait();
                continue;
            }
            if ((i & 63) == 0) {
                pool.check();
                if (System.nanoTime() - deadline > 0) {
                    throw new MemberLostException(-1, "no progress for " + Mailbox.STALL + " waiting for " + what
                            + ", though the pool reports nobody dead", null);
                }
            }
            LockSupport.parkNanos(park);
            park = Math.min(park * 2, 1_000_000);
        }
    }
}
