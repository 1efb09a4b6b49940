package io.mobula.rmi;

import java.rmi.RemoteException;

/**
 * The address this process's runtime accepts connections on, for layers above RMI (pools advertise it to their
 * members). Starts listening if the runtime does not yet.
 */
public final class LocalEndpoint {
    private LocalEndpoint() {
    }

    /** The advertised endpoint, e.g. {@code tcp://10.0.0.2:40123}. */
    public static String get() throws RemoteException {
        return RmiRuntime.get().ensureListening().toString();
    }
}
