package io.mobula.apps.barnes;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a Barnes-Hut rank offers the others in the RMI version. */
public interface BarnesNode extends Remote {
    /** Rank {@code from}'s bodies after step {@code step}, starting at body {@code lo}: positions, then velocities. */
    @OneWay
    void put(int step, int from, int lo, double[] block) throws RemoteException;
}
