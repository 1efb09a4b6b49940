package io.mobula.apps;

import java.io.Serializable;
import java.rmi.Remote;

/**
 * The body of one parallel version of a kernel, run on every rank by {@link KernelMain#parallel}.
 *
 * @param <P> the problem type
 */
public abstract class Parallel<P> {
    /**
     * The remote object this rank offers the others through the pool ({@code Pool.service}), exported before the rank
     * joins; null (the default) for none.
     */
    protected Remote service(P problem) throws Exception {
        return null;
    }

    /**
     * Runs this rank's share between {@link RankContext#startPhase} and {@link RankContext#endPhase}, and returns the
     * part of the result this rank holds (gathered at rank 0 for verification, outside the timed phase).
     */
    protected abstract Serializable run(RankContext<P> ctx) throws Exception;
}
