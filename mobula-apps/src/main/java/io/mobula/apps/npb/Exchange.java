package io.mobula.apps.npb;

import io.mobula.pool.PoolException;

/**
 * The collective operations the NPB kernels' parallel versions are written against, as their MPI versions are
 * written against MPI_Allreduce, MPI_Allgatherv and MPI_Alltoallv. Every rank calls the same operations in the same
 * order; every rank gets the same result bits from a reduction. Implemented over RMI ({@link RmiExchange}) and over
 * GMI ({@link GmiExchange}).
 */
public interface Exchange {
    /** The element-wise sum of every rank's {@code v} (reduce-to-all). */
    double[] sum(double[] v) throws PoolException;

    /** The element-wise sum of every rank's {@code v} (reduce-to-all). */
    int[] sum(int[] v) throws PoolException;

    /** Every rank's {@code piece}, laid end to end in rank order (gather-to-all). */
    double[] gather(double[] piece) throws PoolException;

    /**
     * Sends {@code pieces[q]} to rank q (the own piece included) and returns what every rank sent to this one, by
     * sender (all-to-all).
     */
    int[][] allToAll(int[][] pieces) throws PoolException;
}
