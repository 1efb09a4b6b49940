package io.mobula.examples.pool;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A member's answer to "where do you run?", to prove a call crosses the namespaces. */
public interface Where extends Remote {
    String where() throws RemoteException;
}
