package io.mobula.apps.water;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a Water rank offers the others in the RMI version. */
public interface WaterNode extends Remote {
    /** Rank {@code from}'s positions after the drift of step {@code step}. */
    @OneWay
    void positions(int step, int from, double[] block) throws RemoteException;

    /** The forces rank {@code from} computed on the receiver's molecules in step {@code step}. */
    @OneWay
    void forces(int step, int from, double[] block) throws RemoteException;
}
