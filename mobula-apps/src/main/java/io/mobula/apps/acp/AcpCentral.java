package io.mobula.apps.acp;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The one remote object of the naive RMI version, on rank 0: the removals of the shared matrix, round by round. */
public interface AcpCentral extends Remote {
    /** The cells rank {@code rank} removed in {@code round}. */
    void restrict(int round, int rank, int[] cells) throws RemoteException;

    /**
     * Every rank's removed cells of {@code round}, in rank order, waiting (briefly) until every rank has sent its
     * own; null if not every rank has yet.
     */
    int[][] removed(int round) throws RemoteException;
}
