package io.mobula.bench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote interface of the benchmark kernels (KaRMI 6.1). An ordinary {@link Remote} interface, so
 * java.rmi and Mobula (which takes ordinary Remote interfaces) serve the same one.
 */
public interface BenchRemote extends Remote {
    /** {@code void ping()}: the null RMI. */
    void ping() throws RemoteException;

    void ping(int a, int b) throws RemoteException;

    void ping(int a, int b, float c, float d) throws RemoteException;

    /** {@code void ping(obj)}; remembers the argument for {@link #lastReceived()}. */
    void voidPing(Object o) throws RemoteException;

    /** {@code obj ping(obj)}: returns its argument. */
    Object ping(Object o) throws RemoteException;

    /** {@code void pingpong(obj)}: calls {@link BenchCallback#voidPong} on the registered callback first. */
    void voidPingpong(Object o) throws RemoteException;

    /** {@code obj pingpong(obj)}: returns what {@link BenchCallback#pong} returned. */
    Object pingpong(Object o) throws RemoteException;

    /** {@code obj star(obj)}: returns its argument; called by k clients at once. */
    Object star(Object o) throws RemoteException;

    /** Registers the client's callback object for the pingpong kernels. */
    void setCallback(BenchCallback callback) throws RemoteException;

    /** The last argument of {@link #voidPing}, for validation outside the timed loop. */
    Object lastReceived() throws RemoteException;
}
