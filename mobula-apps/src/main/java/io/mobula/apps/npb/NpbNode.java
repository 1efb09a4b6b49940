package io.mobula.apps.npb;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a rank of an NPB kernel's RMI version offers the others: the data of one collective operation. */
public interface NpbNode extends Remote {
    /** Rank {@code from}'s doubles for collective operation {@code step}. */
    @OneWay
    void putDoubles(int step, int from, double[] v) throws RemoteException;

    /** Rank {@code from}'s ints for collective operation {@code step}. */
    @OneWay
    void putInts(int step, int from, int[] v) throws RemoteException;
}
