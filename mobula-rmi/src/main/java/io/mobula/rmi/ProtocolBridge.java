package io.mobula.rmi;

import java.io.IOException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * SPI of a bridge to another RMI protocol (thesis 3.2: a Manta program talks to external JVMs over the standard
 * protocol while its own calls keep the fast one). {@code mobula-interop} provides the bridge to standard java.rmi
 * (JRMP); the runtime finds it with {@link java.util.ServiceLoader} only when it is needed, so a process that never
 * uses it pays nothing. Not for applications: they set {@code mobula.jrmp.port} or use {@code io.mobula.interop}.
 */
public interface ProtocolBridge {

    /**
     * Starts serving the other protocol's clients as {@code config} asks ({@link RmiConfig#jrmpPort()}); the runtime
     * calls it once, as it starts.
     *
     * @throws IOException when the bridge cannot listen
     */
    void serve(RmiConfig config) throws IOException;

    /**
     * Looks {@code name} up in a registry at {@code host:port} that did not answer in Mobula's protocol.
     *
     * @return the bound object, as a stub callable from this process
     * @throws RemoteException when the registry does not speak this bridge's protocol either, or the call fails
     */
    Remote lookup(String host, int port, String name) throws RemoteException, NotBoundException;

    /** The names bound in a registry at {@code host:port} that did not answer in Mobula's protocol. */
    String[] list(String host, int port) throws RemoteException;
}
