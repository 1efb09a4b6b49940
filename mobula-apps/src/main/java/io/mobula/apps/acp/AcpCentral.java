package io.mobula.apps.acp;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The one remote object of the naive RMI version, on rank 0: the removals of the shared matrix and the termination
 * detection ({@link AcpLog}).
 */
public interface AcpCentral extends Remote {
    /** The cells rank {@code rank} removed. */
    void restrict(int rank, int[] cells) throws RemoteException;

    /** Rank {@code rank} is passive, having read {@code read} batches. */
    void passive(int rank, int read) throws RemoteException;

    /** Rank {@code rank} found a domain empty: the run ends. */
    void emptied(int rank) throws RemoteException;

    /**
     * The other ranks' batches after the first {@code from}, and whether the run ended, waiting briefly for one of
     * them; null when neither came.
     */
    AcpNews since(int rank, int from) throws RemoteException;
}
