package io.mobula.examples.repmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote object that reads the local replica of a cloud (thesis Figure 4.13: mixing RepMI with RMI). */
public interface Checker extends Remote {
    /** The size of this process's replica of the stack named {@code cloud}. */
    int size(String cloud) throws RemoteException;

    /** Answers 0; a call that only opens the connection to this process. */
    int ping() throws RemoteException;
}
