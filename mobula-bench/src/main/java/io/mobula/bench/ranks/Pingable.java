package io.mobula.bench.ranks;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A rank's remote object that can say which rank it belongs to (to check connections and their transport). */
public interface Pingable extends Remote {
    /** Answers at once with the rank of the process serving it. */
    int ping() throws RemoteException;
}
