package io.mobula.apps.radix;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What a Radix rank offers the others in the RMI version. */
public interface RadixNode extends Remote {
    /** Rank {@code from}'s histogram of the digits of its keys in {@code pass}. */
    @OneWay
    void histogram(int pass, int from, int[] h) throws RemoteException;

    /**
     * Chunk {@code chunk} of the keys rank {@code from} moves to the receiver in {@code pass}, as pairs of a
     * destination position and a key.
     */
    @OneWay
    void keys(int pass, int from, int chunk, int[] pairs) throws RemoteException;
}
