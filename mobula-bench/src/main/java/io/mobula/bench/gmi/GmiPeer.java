package io.mobula.bench.gmi;

import io.mobula.bench.ranks.Pingable;
import java.rmi.RemoteException;

/**
 * The remote object every rank offers through its pool: the plain RMI calls of the {@code rmi-loop} baseline (GMI's
 * members answer through GMI's replies, {@link BenchGroup}).
 */
public interface GmiPeer extends Pingable {
    /** rmi-loop broadcast and scatter: checks the array and returns (the return is the acknowledgement). */
    void put(double[] v) throws RemoteException;

    /** rmi-loop reduce-to-all and gather-to-all: rank {@code rank}'s contribution, at rank 0. */
    void contribute(int rank, double[] v) throws RemoteException;

    /** rmi-loop reduce-to-all and gather-to-all: the result, from rank 0, for this rank to take. */
    void deliver(double[] v) throws RemoteException;
}
