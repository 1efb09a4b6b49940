package io.mobula.examples.interop;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote interface exercising what java.rmi clients rely on. */
public interface Shop extends Remote {
    int add(int a, int b) throws RemoteException;

    String echo(String s) throws RemoteException;

    double[] scale(double[] values, double factor) throws RemoteException;

    /** A by-value argument and result. */
    Item discount(Item item, int percent) throws RemoteException;

    /** A remote object made for this call and kept by nobody but the caller. */
    Counter counter(String name) throws RemoteException;

    /** Whether two references denote the same remote object. */
    boolean same(Counter a, Counter b) throws RemoteException;

    /** Calls {@code listener} back {@code times} times; the sum of its answers. */
    int notify(Listener listener, int times) throws RemoteException;

    /** Fails with {@link OutOfStock} when {@code quantity} exceeds 10. */
    int buy(String item, int quantity) throws RemoteException, OutOfStock;

    /** The caller's host, as the server sees it. */
    String client() throws RemoteException;
}
