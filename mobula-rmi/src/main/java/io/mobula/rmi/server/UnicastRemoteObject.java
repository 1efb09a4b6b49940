package io.mobula.rmi.server;

import io.mobula.rmi.Rmi;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

/**
 * Shaped like {@code java.rmi.server.UnicastRemoteObject}, so a java.rmi program ports by changing its imports: a
 * subclass is exported when constructed; the static methods export and unexport any remote object. Like its java.rmi
 * namesake it is {@link java.io.Serializable}, and an exported instance passed in a call travels as its stub.
 *
 * <p>Socket factories are honoured: an object exported with a client and a server socket factory is reached over
 * sockets they make (see {@link Rmi#export(Remote, int, RMIClientSocketFactory, RMIServerSocketFactory)} for what that
 * covers and costs).
 *
 * <p>Not provided: the deprecated {@code exportObject(Remote)} returning a {@code java.rmi.server.RemoteStub} (it
 * served static rmic stubs; use {@code exportObject(obj, 0)}), and the {@code exportObject} variants taking a
 * {@code java.io.ObjectInputFilter} (Mobula checks every class named on the wire against its own class filter).
 */
public class UnicastRemoteObject extends RemoteServer {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The port the object was exported on (0: any), kept for {@link #clone()} and deserialization. */
    private final int port;
    private final RMIClientSocketFactory csf;
    private final RMIServerSocketFactory ssf;

    /** Exports this object on any port. */
    protected UnicastRemoteObject() throws RemoteException {
        this(0);
    }

    /** Exports this object, listening on {@code port} too (0: any); its stub names that port. */
    protected UnicastRemoteObject(int port) throws RemoteException {
        this(port, null, null);
    }

    /**
     * Exports this object on {@code port}, on sockets the factories make (a null factory: plain sockets; both null:
     * as {@link #UnicastRemoteObject(int)}).
     */
    protected UnicastRemoteObject(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        this.port = port;
        this.csf = csf;
        this.ssf = ssf;
        exported(Rmi.export(this, port, csf, ssf));
    }

    /**
     * Exports {@code obj} on any port and returns its stub.
     *
     * @throws ExportException when it is exported already (as in java.rmi)
     */
    public static Remote exportObject(Remote obj, int port) throws RemoteException {
        return exportObject(obj, port, null, null);
    }

    /**
     * Exports {@code obj} on {@code port} on sockets the factories make, and returns its stub.
     *
     * @throws ExportException when it is exported already (as in java.rmi), or the server socket cannot be made
     */
    public static Remote exportObject(Remote obj, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        if (obj == null) {
            throw new NullPointerException("obj");
        }
        if (Rmi.isExported(obj)) {
            throw new ExportException("object already exported"); // java.rmi's words
        }
        Remote stub = Rmi.export(obj, port, csf, ssf);
        if (obj instanceof RemoteObject r) {
            r.exported(stub);
        }
        return stub;
    }

    /**
     * Unexports {@code obj}: calls that arrive afterwards fail with {@link NoSuchObjectException}. Calls already
     * running complete either way ({@code force} is accepted for java.rmi compatibility).
     *
     * @return true
     * @throws NoSuchObjectException when it is not exported
     */
    public static boolean unexportObject(Remote obj, boolean force) throws NoSuchObjectException {
        if (!Rmi.unexport(obj, force)) {
            throw new NoSuchObjectException("object not exported"); // java.rmi's words
        }
        return true;
    }

    /**
     * A copy of this object, exported on its own with the same port and factories (as java.rmi does). Like
     * {@code Object.clone} it needs the class to implement {@link Cloneable}.
     *
     * @throws CloneNotSupportedException when the class is not Cloneable, or the copy cannot be exported
     */
    @Override
    public Object clone() throws CloneNotSupportedException {
        UnicastRemoteObject copy = (UnicastRemoteObject) super.clone();
        try {
            copy.exported(Rmi.export(copy, port, csf, ssf));
        } catch (RemoteException e) {
            throw new CloneNotSupportedException("cannot export the clone: " + e);
        }
        return copy;
    }

    /** An instance that arrives by value (it was not exported when sent) is exported again, as in java.rmi. */
    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        exported(Rmi.export(this, port, csf, ssf));
    }
}
