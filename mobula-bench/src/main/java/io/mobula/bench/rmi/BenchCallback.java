package io.mobula.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The callback object a client exports for the pingpong kernels. */
public interface BenchCallback extends Remote {
    void voidPong(Object o) throws RemoteException;

    Object pong(Object o) throws RemoteException;
}
