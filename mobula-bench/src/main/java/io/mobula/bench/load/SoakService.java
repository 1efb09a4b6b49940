package io.mobula.bench.load;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The one server object of the load and soak suites. Every method is a kernel whose result the client can verify,
 * and the server counts every call it runs per method ({@link SoakServiceImpl#counts()}), so the suite can compare
 * what the clients completed with what the server ran: nothing lost, nothing run twice.
 */
public interface SoakService extends Remote {
    /** The null call. */
    void ping() throws RemoteException;

    /**
     * Small arguments: returns {@code id + seq}. The server checks that each client thread's {@code seq} is the one
     * after the last it saw from that {@code id} (a call run twice or lost shows as out of order).
     */
    long add(int id, long seq) throws RemoteException;

    /** Arrays: returns a new array with every element plus {@code delta}. */
    int[] shift(int[] values, int delta) throws RemoteException;

    /** Object graphs (and the star kernel): returns its argument. */
    Object echo(Object graph) throws RemoteException;

    /** Callbacks: calls {@code callback.triple(x)} and returns what it answered plus one. */
    long callBack(SoakCallback callback, long x) throws RemoteException;

    /** Exceptions thrown remotely: always throws a {@link SoakFault} carrying {@code x}. */
    void fail(long x) throws SoakFault, RemoteException;

    /** Remote-reference results: a new {@link Ticket} holding {@code x}, travelling as a remote reference. */
    Ticket ticket(long x) throws RemoteException;
}
