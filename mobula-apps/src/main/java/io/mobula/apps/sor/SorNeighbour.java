package io.mobula.apps.sor;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an SOR rank offers its neighbours. */
public interface SorNeighbour extends Remote {
    /**
     * The sender's border row after phase {@code step} (iteration * 2 + colour).
     *
     * @param fromAbove whether the sender owns the rows above the receiver's
     */
    @OneWay
    void putRow(int step, boolean fromAbove, double[] row) throws RemoteException;
}
