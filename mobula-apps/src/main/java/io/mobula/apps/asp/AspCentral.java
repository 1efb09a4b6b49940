package io.mobula.apps.asp;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The one remote object of the naive RMI version, on rank 0: every row, stored by its owner, fetched by the rest. */
public interface AspCentral extends Remote {
    /** Stores row {@code k}. */
    void store(int k, int[] row) throws RemoteException;

    /** Row {@code k}, waiting (briefly) for it to be stored; null if it has not been yet. */
    int[] retrieve(int k) throws RemoteException;
}
