package io.mobula.examples.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** One of the remote interfaces of {@link MultiImpl}. */
public interface Welcomer extends Remote {
    String greet(String name) throws RemoteException;

    /** Returns its argument: a stub travels out and back as a reference. */
    Remote echo(Remote r) throws RemoteException;
}
