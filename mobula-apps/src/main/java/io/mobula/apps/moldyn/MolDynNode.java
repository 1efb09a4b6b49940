package io.mobula.apps.moldyn;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a MolDyn rank offers the others in the RMI version. */
public interface MolDynNode extends Remote {
    /** Rank {@code from}'s partial sums of exchange {@code step} (forces, potential energy, virial, count). */
    @OneWay
    void put(int step, int from, double[] partial) throws RemoteException;
}
