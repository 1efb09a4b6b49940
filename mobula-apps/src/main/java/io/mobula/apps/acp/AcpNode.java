package io.mobula.apps.acp;

import io.mobula.rmi.OneWay;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** What an ACP rank offers the others in the RMI version: one-way methods. */
public interface AcpNode extends Remote {
    /**
     * The cells rank {@code root} removed, broadcast from it down a binomial tree: the receiver forwards them to its
     * children in the tree rooted at {@code root}.
     */
    @OneWay
    void removed(int root, int[] cells) throws RemoteException;

    /**
     * Rank {@code root} found a domain empty, broadcast from it down the binomial tree like removals: stop working.
     */
    @OneWay
    void emptied(int root) throws RemoteException;

    /** Safra's termination detection token, from the next rank up the ring. */
    @OneWay
    void token(long count, boolean black) throws RemoteException;

    /**
     * The run ended ({@link AcpNews#TERMINATED} or {@link AcpNews#INCONSISTENT}), broadcast from rank {@code root} down
     * the binomial tree like removals.
     */
    @OneWay
    void stop(int root, int end) throws RemoteException;
}
