package io.mobula.apps.tsp;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The central job queue on rank 0, shared by every parallel version (thesis 2.5.3). */
public interface TspJobs extends Remote {
    /** The next job's number, or -1 when none is left. */
    int nextJob() throws RemoteException;
}
