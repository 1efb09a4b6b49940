package io.mobula.apps.acp;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an ACP rank offers the others in the RMI version. */
public interface AcpNode extends Remote {
    /**
     * The cells rank {@code root} removed in {@code round}, broadcast from it; the receiver forwards them to its
     * children in the tree.
     */
    @OneWay
    void removed(int root, int round, int[] cells) throws RemoteException;
}
