package io.mobula.bench.load;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote object the server exports per {@link SoakService#ticket} call; the client calls it once and drops it. */
public interface Ticket extends Remote {
    /** The value the ticket was issued for. */
    long value() throws RemoteException;
}
