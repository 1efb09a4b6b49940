package io.mobula.apps.tsp;

import io.mobula.rmi.OneWay;
import java.rmi.RemoteException;

/** A rank of the RMI version: the job queue (used on rank 0) and the rank's own copy of the minimum. */
public interface TspNode extends TspJobs {
    /** A rank found a tour of {@code length}. */
    @OneWay
    void setMinimum(int length) throws RemoteException;
}
