package io.mobula.bench.gmi;

import io.mobula.bench.ranks.Acks;
import io.mobula.rmi.RmiConfig;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What one rank process shares between its main thread and the threads that deliver group invocations and RMI calls:
 * the results and contributions of the rmi-loop baseline, what a received array must look like in the current case,
 * and the first check of an rmi-loop call that failed (a GMI member keeps its own, {@link BenchMember#takeError}).
 *
 * <p>The rmi-loop baseline's waiting threads poll for {@link #SPIN_NANOS} before they block: as long as a Mobula
 * caller polls for its reply ({@link RmiConfig#pollWindow()}); GMI waits for its replies as the runtime does (the MPI
 * baseline polls all the time inside its calls).
 */
final class RankState {
    /** How long a waiting thread polls before it parks. */
    static final long SPIN_NANOS = Acks.SPIN_NANOS;

    final int rank;
    final int size;
    final long timeoutMillis;
    final BlockingQueue<double[]> results = new LinkedBlockingQueue<>();
    final BlockingQueue<Contribution> contributions = new LinkedBlockingQueue<>();
    private final AtomicReference<String> firstError = new AtomicReference<>();

    /** Length every put/stream array must have in the current case. */
    volatile int expectLength;
    /** Whether put arrays are this rank's share of a scatter (filled with the rank number). */
    volatile boolean scatter;

    record Contribution(int rank, double[] v) {
    }

    RankState(int rank, int size, long timeoutMillis) {
        this.rank = rank;
        this.size = size;
        this.timeoutMillis = timeoutMillis;
    }

    /** Sets the expectations of a case; call it before the barrier that starts the case. */
    void expect(int length, boolean scatter) {
        this.expectLength = length;
        this.scatter = scatter;
    }

    /** Checks an array received by put: its length, and its marks (see {@link GmiRank}). */
    void checkPut(double[] v) {
        int n = expectLength;
        if (v == null || v.length != n) {
            error("rank " + rank + " received " + (v == null ? "null" : v.length + " doubles") + ", expected " + n);
        } else if (scatter ? v[0] != rank || v[n - 1] != rank : v[0] != v[n - 1]) {
            error("rank " + rank + " received wrong data: first " + v[0] + ", last " + v[n - 1]);
        }
    }

    void error(String what) {
        firstError.compareAndSet(null, what);
    }

    /** The first failed check since the last call, or null; clears it. */
    String takeError() {
        return firstError.getAndSet(null);
    }

    /** Takes the next element of {@code q}, spinning first; fails after the timeout naming {@code what}. */
    <T> T take(BlockingQueue<T> q, String what) throws InterruptedException {
        long spinEnd = System.nanoTime() + SPIN_NANOS;
        while (System.nanoTime() - spinEnd < 0) {
            T v = q.poll();
            if (v != null) {
                return v;
            }
            Thread.onSpinWait();
        }
        T v = q.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (v == null) {
            throw new IllegalStateException("rank " + rank + ": no " + what + " within " + timeoutMillis + " ms");
        }
        return v;
    }
}
