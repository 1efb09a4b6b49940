package io.mobula.apps.leq;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The one remote object of the naive RMI version, on rank 0: a gather-to-all and reduce-to-all (thesis 4.4.2). */
public interface LeqCentral extends Remote {
    /** A rank's block of x (starting at {@code lo}) and its largest change in iteration {@code it}. */
    void put(int it, int lo, double[] block, double delta) throws RemoteException;

    /**
     * The whole x of iteration {@code it} with the largest change as an extra last element, waiting (briefly) until
     * every rank has put its block; null if not every rank has yet.
     */
    double[] result(int it) throws RemoteException;
}
