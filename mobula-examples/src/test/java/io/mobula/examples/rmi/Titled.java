package io.mobula.examples.rmi;

import java.rmi.RemoteException;

/** A sub-interface: a stub of it covers {@link Named} too. */
public interface Titled extends Named {
    String title() throws RemoteException;
}
