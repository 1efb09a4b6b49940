package io.mobula.examples.interop;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A callback the client exports. */
public interface Listener extends Remote {
    int onEvent(int sequence) throws RemoteException;
}
