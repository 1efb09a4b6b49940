package io.mobula.examples.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Exported by the client; the server calls back into it. */
public interface Callback extends Remote {
    int onValue(int v) throws RemoteException;
}
