package io.mobula.apps.lufact;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a LUFact rank offers the others in the RMI version. */
public interface LuFactNode extends Remote {
    /**
     * Column k with the pivot row of step k, broadcast from rank {@code root}; the receiver forwards it to its
     * children in the tree.
     */
    @OneWay
    void putColumn(int root, int k, int pivot, double[] column) throws RemoteException;
}
