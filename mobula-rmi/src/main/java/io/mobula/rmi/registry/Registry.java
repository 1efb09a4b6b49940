package io.mobula.rmi.registry;

import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * A name service for remote objects, with the methods of {@code java.rmi.registry.Registry}: porting a java.rmi
 * program means importing this interface instead.
 */
public interface Registry extends Remote {

    /** The default registry port, as in java.rmi. */
    int REGISTRY_PORT = 1099;

    /** The stub bound to {@code name}. */
    Remote lookup(String name) throws RemoteException, NotBoundException, AccessException;

    /** Binds {@code obj} to {@code name}; fails if the name is taken. */
    void bind(String name, Remote obj) throws RemoteException, AlreadyBoundException, AccessException;

    /** Removes the binding of {@code name}. */
    void unbind(String name) throws RemoteException, NotBoundException, AccessException;

    /** Binds {@code obj} to {@code name}, replacing any binding. */
    void rebind(String name, Remote obj) throws RemoteException, AccessException;

    /** The bound names. */
    String[] list() throws RemoteException, AccessException;
}
