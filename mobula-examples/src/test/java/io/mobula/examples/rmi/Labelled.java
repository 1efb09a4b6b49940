package io.mobula.examples.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote interface that {@link Titled} extends. */
public interface Labelled extends Remote {
    String name() throws RemoteException;
}
