package io.mobula.apps.leq;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an LEQ rank offers the others in the RMI version. */
public interface LeqNode extends Remote {
    /** Rank {@code from}'s block of x (starting at {@code lo}) and largest change in iteration {@code it}. */
    @OneWay
    void put(int it, int from, int lo, double[] block, double delta) throws RemoteException;
}
