package io.mobula.examples.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote object the server creates per request and hands out by reference. */
public interface Counter extends Remote {
    int increment() throws RemoteException;
}
