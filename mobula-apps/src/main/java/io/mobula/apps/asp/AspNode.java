package io.mobula.apps.asp;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an ASP rank offers the others in the RMI version. */
public interface AspNode extends Remote {
    /** Row {@code k}, broadcast from rank {@code root}; the receiver forwards it to its children in the tree. */
    @OneWay
    void putRow(int root, int k, int[] row) throws RemoteException;
}
