package io.mobula.apps.npb;

/**
 * Where a parallel NPB run marks the start or the end of its timed phase (after a barrier, as NPB times it): the
 * Mobula versions mark it on their {@link io.mobula.apps.RankContext}, the MPJ Express versions with an MPI Barrier
 * and the clock.
 */
@FunctionalInterface
public interface PhaseMark {
    /** Marks the start or end of the timed phase on this rank. */
    void mark() throws Exception;
}
