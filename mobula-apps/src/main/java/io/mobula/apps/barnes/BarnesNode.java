package io.mobula.apps.barnes;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a Barnes-Hut rank offers the others in the RMI version. */
public interface BarnesNode extends Remote {
    /**
     * Rank {@code from}'s message of exchange {@code phase} of step {@code step}: keys or body indices, then
     * positions, velocities, weights, moments or boxes, then the tags of essential cells.
     */
    @OneWay
    void put(int step, int phase, int from, long[] longs, double[] doubles, byte[] bytes) throws RemoteException;
}
