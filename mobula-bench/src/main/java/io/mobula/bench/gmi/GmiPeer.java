package io.mobula.bench.gmi;

import io.mobula.bench.ranks.Pingable;
import io.mobula.rmi.NonBlocking;
import io.mobula.rmi.OneWay;
import java.rmi.RemoteException;

/**
 * The remote object every rank offers through its pool: the acknowledgements of the broadcast cases (for GMI and the
 * Open MPI baseline alike, one small message per member back to rank 0), and the plain RMI calls of the
 * {@code rmi-loop} baseline.
 */
public interface GmiPeer extends Pingable {
    /** A member of rank {@code rank} has received what rank 0 is waiting for. */
    @OneWay
    @NonBlocking
    void ack(int rank) throws RemoteException;

    /** rmi-loop broadcast and scatter: checks the array and returns (the return is the acknowledgement). */
    void put(double[] v) throws RemoteException;

    /** rmi-loop reduce-to-all and gather-to-all: rank {@code rank}'s contribution, at rank 0. */
    void contribute(int rank, double[] v) throws RemoteException;

    /** rmi-loop reduce-to-all and gather-to-all: the result, from rank 0, for this rank to take. */
    void deliver(double[] v) throws RemoteException;
}
