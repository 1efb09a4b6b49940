package io.mobula.interop;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Takes any value: what a plain client can send a Mobula object through the bridge. */
public interface Sink extends Remote {
    /** The class of {@code value} (or "null"). */
    String take(Object value) throws RemoteException;

    String ping() throws RemoteException;
}
