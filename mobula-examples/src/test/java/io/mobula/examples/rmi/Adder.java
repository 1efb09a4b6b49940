package io.mobula.examples.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** One of the remote interfaces of {@link MultiImpl}. */
public interface Adder extends Remote {
    int add(int a, int b) throws RemoteException;

    /** Whether two references name the same remote object, as the server sees them. */
    boolean same(Remote a, Remote b) throws RemoteException;
}
