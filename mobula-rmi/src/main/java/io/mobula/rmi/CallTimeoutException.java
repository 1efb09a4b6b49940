package io.mobula.rmi;

import java.io.Serial;
import java.rmi.RemoteException;

/**
 * No reply came within the configured call timeout ({@link RmiConfig#callTimeout()}). The call may or may not have
 * run on the server.
 */
public class CallTimeoutException extends RemoteException {
    @Serial
    private static final long serialVersionUID = 1L;

    public CallTimeoutException(String message) {
        super(message);
    }
}
