package io.mobula.apps.fft;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an FFT rank offers the others in the RMI version. */
public interface FftNode extends Remote {
    /** Chunk {@code chunk} of the {@code chunks} of rank {@code from}'s piece of transpose {@code phase}. */
    @OneWay
    void put(int phase, int from, int chunk, int chunks, double[] piece) throws RemoteException;
}
