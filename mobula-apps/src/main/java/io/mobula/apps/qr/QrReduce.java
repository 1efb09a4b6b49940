package io.mobula.apps.qr;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The binomial-tree reduce-to-all of the RMI and RepMI versions (thesis 4.4.2: a reduce-to-all cannot be expressed
 * efficiently with replication, so both use remote objects).
 */
public interface QrReduce extends Remote {
    /** The best candidate of rank {@code from}'s subtree in step {@code j}, sent to its parent. */
    @OneWay
    void up(int j, int from, double[] candidate) throws RemoteException;

    /** The best candidate of all in step {@code j}, sent down the tree. */
    @OneWay
    void down(int j, double[] best) throws RemoteException;
}
