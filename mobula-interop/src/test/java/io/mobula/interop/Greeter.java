package io.mobula.interop;

import java.rmi.Remote;
import java.rmi.RemoteException;

public interface Greeter extends Remote {
    String greet(String name) throws RemoteException;

    /** Calls {@code other} and prefixes the answer. */
    String relay(Greeter other, String name) throws RemoteException;
}
