package io.mobula.examples.faults;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A server that remembers every call it ran, to tell lost, doubled and mixed-up calls apart. */
public interface Ledger extends Remote {
    /** Records {@code seq} and returns it. */
    long record(long seq) throws RemoteException;

    /** Records {@code seq}, then takes {@code millis} before answering. */
    long slow(long seq, int millis) throws RemoteException;

    /** Records {@code seq} and returns the CRC-32 of {@code data}. */
    long bulk(long seq, byte[] data) throws RemoteException;

    /** How many calls ran, and how many of them carried a sequence number already seen. */
    long[] counts() throws RemoteException;
}
