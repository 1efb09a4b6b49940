package io.mobula.rmi;

import java.io.Serial;
import java.rmi.RemoteException;

/**
 * The caller and the server were compiled against different versions of a remote interface: their method hashes
 * differ, so no method was run.
 */
public class InterfaceMismatchException extends RemoteException {
    @Serial
    private static final long serialVersionUID = 1L;

    public InterfaceMismatchException(String message) {
        super(message);
    }
}
