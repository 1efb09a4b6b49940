package io.mobula.apps.acp;

import io.mobula.repmi.Read;
import io.mobula.repmi.Root;

/**
 * The replicated object of the RepMI version: the removals of the shared matrix and the termination detection
 * ({@link AcpLog}), the same as the naive RMI version's remote object but replicated: writes are broadcast in one
 * total order, reads run on the local replica.
 */
public interface AcpMatrix extends Root {
    /** The cells rank {@code rank} removed (a write). */
    void restrict(int rank, int[] cells);

    /** Rank {@code rank} is passive, having read {@code read} batches (a write). */
    void passive(int rank, int read);

    /** Rank {@code rank} found a domain empty: the run ends (a write). */
    void emptied(int rank);

    /** How many batches the object holds (a read). */
    @Read
    int count();

    /** {@link AcpNews#RUNNING}, {@link AcpNews#TERMINATED} or {@link AcpNews#INCONSISTENT} (a read). */
    @Read
    int end();

    /** The batches {@code from ..< to}, except rank {@code rank}'s own (a read). */
    @Read
    int[][] batches(int rank, int from, int to);

    /**
     * Waits on the local replica until it holds more than {@code from} batches or the run ended (a blocking read:
     * nothing is broadcast), at most {@code timeoutMillis}; returns how many batches it holds.
     *
     * @throws io.mobula.repmi.CloudException when nothing came in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    @Read
    int await(int from, long timeoutMillis) throws InterruptedException;
}
