package io.mobula.apps.fft;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an FFT rank offers the others in the RMI version. */
public interface FftNode extends Remote {
    /** Rank {@code from}'s piece of transpose {@code phase} for the receiver. */
    @OneWay
    void put(int phase, int from, double[] piece) throws RemoteException;
}
