package io.mobula.rmi.server;

import io.mobula.rmi.Rmi;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Shaped like {@code java.rmi.server.UnicastRemoteObject}, so a java.rmi program ports by changing its imports:
 * a subclass is exported when constructed; the static methods export and unexport any remote object. Unlike its
 * java.rmi namesake this class is not {@code Serializable}: an exported object always travels as its stub.
 */
public class UnicastRemoteObject implements Remote {

    /** Exports this object on any port. */
    protected UnicastRemoteObject() throws RemoteException {
        this(0);
    }

    /** Exports this object, listening on {@code port} too (0: any). */
    protected UnicastRemoteObject(int port) throws RemoteException {
        Rmi.export(this, port);
    }

    /** Exports {@code obj} and returns its stub. */
    public static Remote exportObject(Remote obj, int port) throws RemoteException {
        return Rmi.export(obj, port);
    }

    /** Unexports {@code obj}. */
    public static boolean unexportObject(Remote obj, boolean force) throws NoSuchObjectException {
        if (!Rmi.isExported(obj)) {
            throw new NoSuchObjectException("object not exported");
        }
        return Rmi.unexport(obj, force);
    }

    /** The stub of an exported object. */
    public static Remote toStub(Remote obj) throws NoSuchObjectException {
        return Rmi.toStub(obj);
    }
}
