package io.mobula.rmi.server;

import io.mobula.rmi.RemoteClient;
import java.io.Serial;
import java.rmi.server.ServerNotActiveException;

/**
 * Shaped like {@code java.rmi.server.RemoteServer}, the common superclass of server implementations.
 *
 * <p>{@code setLog}/{@code getLog} (java.rmi's call log to a stream) are not provided: Mobula records every call
 * made or served as a JFR event ({@code io.mobula.rmi.Call}) and logs through {@code System.Logger}.
 */
public abstract class RemoteServer extends RemoteObject {
    @Serial
    private static final long serialVersionUID = 1L;

    /** A server object; a subclass exports it. */
    protected RemoteServer() {
    }

    /**
     * The host of the client whose remote call the current thread is serving (an IP literal, or 127.0.0.1 for a
     * call from this process), as {@link RemoteClient#current()} tells it.
     *
     * @throws ServerNotActiveException when the current thread is not serving a remote call
     */
    public static String getClientHost() throws ServerNotActiveException {
        RemoteClient c = RemoteClient.current();
        if (c == null) {
            throw new ServerNotActiveException("not in a remote call");
        }
        return c.host();
    }
}
