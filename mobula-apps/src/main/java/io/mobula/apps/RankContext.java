package io.mobula.apps;

import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;

/**
 * What a rank of a parallel kernel run gets: its pool, the problem, the run's settings, and the two marks of the timed
 * parallel phase. Both marks are pool barriers, so the phase rank 0 times runs from when every rank is ready to when
 * every rank is done.
 *
 * @param <P> the problem type
 */
public final class RankContext<P> {
    private final Pool pool;
    private final P problem;
    private final AppSettings settings;
    private long start;
    private long end;

    RankContext(Pool pool, P problem, AppSettings settings) {
        this.pool = pool;
        this.problem = problem;
        this.settings = settings;
    }

    /** The pool of ranks. */
    public Pool pool() {
        return pool;
    }

    /** This rank. */
    public int rank() {
        return pool.rank();
    }

    /** The number of ranks. */
    public int size() {
        return pool.size();
    }

    /** The run's settings (the stall time, the FFT chunk, the test's corrupt rank), the same on every rank. */
    public AppSettings settings() {
        return settings;
    }

    /** The input, the same on every rank. */
    public P problem() {
        return problem;
    }

    /** Marks the start of the parallel phase, after the version's set-up: a barrier, then the clock. */
    public void startPhase() throws PoolException {
        pool.barrier();
        start = System.nanoTime();
    }

    /** Marks the end of the parallel phase: a barrier, then the clock. */
    public void endPhase() throws PoolException {
        pool.barrier();
        end = System.nanoTime();
    }

    double seconds() {
        if (start == 0 || end == 0) {
            throw new IllegalStateException("the kernel did not mark its parallel phase");
        }
        return (end - start) / 1e9;
    }
}
