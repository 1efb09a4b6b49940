package io.mobula.apps.qr;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The one remote object of the naive RMI version, on rank 0: the reduce-to-all and the broadcast (thesis 4.4.2). */
public interface QrCentral extends Remote {
    /** A rank's candidate {norm2, column} of step {@code j}. */
    void submit(int j, double[] candidate) throws RemoteException;

    /** The best candidate of step {@code j}, waiting (briefly) until every rank has submitted; null if not yet. */
    double[] best(int j) throws RemoteException;

    /** Stores H of step {@code j}. */
    void store(int j, double[] h) throws RemoteException;

    /** H of step {@code j}, waiting (briefly) for it to be stored; null if it has not been yet. */
    double[] retrieve(int j) throws RemoteException;
}
