package io.mobula.examples.shape;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A small remote interface for the java.rmi shape tests. */
public interface Echo extends Remote {
    String echo(String s) throws RemoteException;

    /** {@code RemoteServer.getClientHost()} as the server sees it during this call. */
    String clientHost() throws RemoteException;

    /** Returns the argument: a remote object comes back as a stub of itself. */
    Remote same(Remote r) throws RemoteException;
}
