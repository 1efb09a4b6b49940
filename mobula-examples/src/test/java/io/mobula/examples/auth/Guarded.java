package io.mobula.examples.auth;

import io.mobula.examples.rmi.Callback;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** The object a cluster-authentication test guards: it counts every call that reaches it. */
public interface Guarded extends Remote {
    /** Counts this call; returns how many calls of any {@code Guarded} this process has run. */
    int touch() throws RemoteException;

    /** Calls {@code cb} back: the server becomes the caller of its client. */
    int callBack(Callback cb, int v) throws RemoteException;
}
