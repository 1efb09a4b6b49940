package io.mobula.interop;

import io.mobula.rmi.ProtocolBridge;
import io.mobula.rmi.RmiConfig;
import java.io.IOException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The bridge to standard java.rmi as the RMI runtime finds it ({@code META-INF/services}): it serves at
 * {@code mobula.jrmp.port} and answers for registries that turned out to speak the standard protocol.
 */
public final class JrmpProtocolBridge implements ProtocolBridge {
    /** For {@link java.util.ServiceLoader}. */
    public JrmpProtocolBridge() {
    }

    @Override
    public void serve(RmiConfig config) throws IOException {
        JrmpBridge.serve(config.jrmpPort());
    }

    @Override
    public Remote lookup(String host, int port, String name) throws RemoteException, NotBoundException {
        return JrmpRegistry.getRegistry(host, port).lookup(name);
    }

    @Override
    public String[] list(String host, int port) throws RemoteException {
        return JrmpRegistry.getRegistry(host, port).list();
    }
}
