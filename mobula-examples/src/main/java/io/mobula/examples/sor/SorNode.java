package io.mobula.examples.sor;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What one SOR rank offers its neighbours and rank 0. */
public interface SorNode extends Remote {
    /**
     * A neighbour's border row after phase {@code step} (iteration * 2 + colour).
     *
     * One-way: the sender goes on at once (a neighbour's death still surfaces, as a failed send or a pool event
     * while waiting for its row), so the two sends of a phase overlap instead of costing two round trips.
     *
     * @param fromAbove whether the sender owns the rows above the receiver's
     */
    @OneWay
    void putRow(int step, boolean fromAbove, double[] row) throws RemoteException;

    /** The final rows {@code first ..} of a rank, gathered at rank 0 to check and print the result. */
    void putResult(int first, double[][] rows) throws RemoteException;
}
