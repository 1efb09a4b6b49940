package io.mobula.pool;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The remote object that forms pools: it runs in a standalone pool server ({@code ./mobula pool-server}), in the
 * {@code mobula run} launcher, or in rank 0, and is found through the registry of that process under
 * {@link #NAME}. Members call {@link #heartbeat} every quarter lease; one that falls silent is suspected, and once
 * the suspicion is confirmed (its process is gone, or it stayed silent through the confirmation) it is reported to
 * the others as {@link PoolEvent.Kind#DIED} (docs/POOL.md).
 */
public interface PoolCoordinator extends Remote {
    /** The registry name of the coordinator. */
    String NAME = "mobula.pool";

    /**
     * Joins {@code pool} as {@code me.rank()} of {@code size} and blocks until all ranks have joined.
     *
     * @return every member, indexed by rank
     * @throws PoolException after {@code timeoutMillis} (naming the missing ranks), or when the rank is out of range,
     *                       taken, or the sizes disagree, or the size is over 65536
     */
    List<Member> join(String pool, int size, Member me, long timeoutMillis) throws PoolException, RemoteException;

    /**
     * Renews the lease of {@code rank} and returns the events of {@code pool} from index {@code seen} on.
     *
     * @throws PoolException when the pool or the member is unknown (for instance declared dead already)
     */
    List<PoolEvent> heartbeat(String pool, int rank, int seen) throws PoolException, RemoteException;

    /**
     * Reports that {@code reporter} could not reach {@code rank}: the coordinator suspects it at once and declares it
     * dead as soon as that is confirmed (its process is gone, or nothing is heard from it), so every member names the
     * same first failure; a rank that heartbeats stays.
     */
    void report(String pool, int reporter, int rank, String detail) throws RemoteException;

    /** Leaves {@code pool} in an orderly way; the others see {@link PoolEvent.Kind#LEFT}. */
    void leave(String pool, int rank) throws RemoteException;

    /**
     * Waits until every rank has entered barrier number {@code round} (each rank counts its barriers from 0).
     *
     * @throws PoolException after {@code timeoutMillis} (naming the ranks that have not arrived), or when a member
     *     died or left before arriving (naming it)
     */
    void barrier(String pool, int rank, int round, long timeoutMillis) throws PoolException, RemoteException;

    /**
     * Publishes {@code value} under {@code key} in the directory of a running pool, unless the key is taken: the
     * first publisher wins and later ones get the value already there (layers above pools, such as GMI's group
     * registry, agree on names and ranks through it). Entries live as long as the pool.
     *
     * @return {@code null} when {@code value} was stored, else the value published earlier under {@code key}
     * @throws PoolException when the pool is not running or {@code rank} is not a member
     */
    Serializable publish(String pool, int rank, String key, Serializable value) throws PoolException, RemoteException;

    /**
     * Waits until every one of {@code keys} is published in the directory of {@code pool} and returns their values;
     * {@code timeoutMillis} 0 looks without waiting.
     *
     * @throws PoolException after {@code timeoutMillis} (naming the keys still missing), or when the pool is not
     *     running or {@code rank} is not a member
     */
    Map<String, Serializable> await(String pool, int rank, List<String> keys, long timeoutMillis)
            throws PoolException, RemoteException;
}
