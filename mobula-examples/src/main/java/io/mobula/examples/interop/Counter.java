package io.mobula.examples.interop;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote counter. */
public interface Counter extends Remote {
    int increment() throws RemoteException;

    String name() throws RemoteException;
}
