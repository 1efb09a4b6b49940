package io.mobula.examples.rmi;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** A service whose calls fail in each of the ways RMI must survive: bad arguments, bad results, server faults. */
public interface FaultService extends Remote {
    int add(int a, int b) throws RemoteException;

    Object echo(Object o) throws RemoteException;

    /** A result that cannot travel: {@code hook}, {@code not-serializable}, {@code refused} or {@code huge}. */
    Object badResult(String kind) throws RemoteException;

    /** Throws a RemoteException of its own (as if its outgoing call failed). */
    void failRemote(String message) throws RemoteException;

    /** Throws an Error. */
    void failError(String message) throws RemoteException;

    /** Returns after {@code millis}. */
    int sleep(int millis) throws RemoteException;

    /** One-way: the caller does not wait for the {@code millis} it takes. */
    @OneWay
    void nap(int millis) throws RemoteException;

    /** Calls {@code other.add(1, 2)} from a method marked {@code @NonBlocking} (it runs on the receive thread). */
    int nested(FaultService other) throws RemoteException;

    /** What {@code greeter} says, and whether it arrived as a stub. */
    String greet(Greeter greeter) throws RemoteException;
}
