package io.mobula.bench.repmi;

import io.mobula.bench.ranks.Pingable;
import io.mobula.rmi.NonBlocking;
import io.mobula.rmi.OneWay;
import java.rmi.RemoteException;
import java.util.concurrent.CompletableFuture;

/**
 * The remote object every rank offers through its pool: the acknowledgements of the broadcast cases (for every
 * system), and the updates of the RMI baselines, each applied to the rank's ordinary {@link CounterRoot}.
 */
public interface RepmiPeer extends Pingable {
    /** The rank {@code rank} has applied what the writer waits for. */
    @OneWay
    @NonBlocking
    void ack(int rank) throws RemoteException;

    /** rmi-push: applies {@code set(v)} and returns. */
    void set(int v) throws RemoteException;

    /** rmi-push: applies {@code putBytes(b)} and returns. */
    void putBytes(byte[] b) throws RemoteException;

    /** rmi-push: applies {@code putDoubles(d)} and returns. */
    void putDoubles(double[] d) throws RemoteException;

    /**
     * rmi-tree: forwards to this rank's children in the binomial tree rooted at the writer (asynchronous calls),
     * applies {@code set(v)}, and completes with the number of ranks in its subtree once all of them have applied it.
     */
    CompletableFuture<Integer> treeSet(int v) throws RemoteException;

    /** rmi-tree: as {@link #treeSet}, for {@code putBytes}. */
    CompletableFuture<Integer> treePutBytes(byte[] b) throws RemoteException;

    /** rmi-tree: as {@link #treeSet}, for {@code putDoubles}. */
    CompletableFuture<Integer> treePutDoubles(double[] d) throws RemoteException;

    /**
     * raw-broadcast: applies the largest value seen (one-way calls have no order); with {@code ack} this rank
     * acknowledges to the writer once it has applied {@code v} sets in all (v counts the writer's sets).
     */
    @OneWay
    void rawSet(int v, boolean ack) throws RemoteException;

    /** raw-broadcast: counts the array; with {@code ack}, acknowledges once {@code seq} arrays are applied. */
    @OneWay
    void rawPutBytes(byte[] b, int seq, boolean ack) throws RemoteException;

    /** raw-broadcast: as {@link #rawPutBytes}, for a double[]. */
    @OneWay
    void rawPutDoubles(double[] d, int seq, boolean ack) throws RemoteException;
}
