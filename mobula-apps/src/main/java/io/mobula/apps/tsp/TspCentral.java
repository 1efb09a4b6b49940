package io.mobula.apps.tsp;

import java.rmi.RemoteException;

/** The one remote object of the naive RMI version, on rank 0: the job queue and the one Minimum everyone calls. */
public interface TspCentral extends TspJobs {
    /** The shortest tour length found so far. */
    int getMinimum() throws RemoteException;

    /** Lowers the minimum to {@code length} if that is lower. */
    void setMinimum(int length) throws RemoteException;
}
