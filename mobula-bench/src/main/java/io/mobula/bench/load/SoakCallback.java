package io.mobula.bench.load;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The callback a soak client thread exports and passes to {@link SoakService#callBack}. */
public interface SoakCallback extends Remote {
    /** Returns {@code 3 * x}. */
    long triple(long x) throws RemoteException;
}
