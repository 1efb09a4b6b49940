package io.mobula.examples.rmi;

import java.rmi.RemoteException;

/** A sub-interface: a stub of it covers {@link Labelled} too. */
public interface Titled extends Labelled {
    String title() throws RemoteException;
}
