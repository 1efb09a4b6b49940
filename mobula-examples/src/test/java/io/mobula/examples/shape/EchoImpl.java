package io.mobula.examples.shape;

import io.mobula.rmi.server.RemoteServer;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.ServerNotActiveException;

/** A UnicastRemoteObject subclass, exported by its constructor as in java.rmi. */
public class EchoImpl extends UnicastRemoteObject implements Echo, Cloneable {
    private final String prefix;

    public EchoImpl(String prefix) throws RemoteException {
        this.prefix = prefix;
    }

    public EchoImpl(String prefix, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        super(port, csf, ssf);
        this.prefix = prefix;
    }

    @Override
    public String echo(String s) {
        return prefix + s;
    }

    @Override
    public String clientHost() throws RemoteException {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            throw new RemoteException("not in a call", e);
        }
    }

    @Override
    public Remote same(Remote r) {
        return r;
    }

    /** An Echo that is not a UnicastRemoteObject, for the static export style. */
    public static final class Plain implements Echo {
        @Override
        public String echo(String s) {
            return "plain:" + s;
        }

        @Override
        public String clientHost() throws RemoteException {
            return "";
        }

        @Override
        public Remote same(Remote r) {
            return r;
        }
    }
}
