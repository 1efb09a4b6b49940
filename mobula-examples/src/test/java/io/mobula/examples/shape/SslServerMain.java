package io.mobula.examples.shape;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.UnicastRemoteObject;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/** A registry and an object exported with TLS socket factories; prints {@code READY <registry port>}. */
public final class SslServerMain {
    private SslServerMain() {
    }

    public static void main(String[] args) throws Exception {
        SslRMIClientSocketFactory csf = new SslRMIClientSocketFactory();
        LoopbackSslServerSockets ssf = new LoopbackSslServerSockets();
        Registry registry = LocateRegistry.createRegistry(0, csf, ssf);
        Echo echo = new EchoImpl("tls:", 0, csf, ssf);
        registry.rebind("echo", echo);
        // an object exported without factories: its calls do not use the TLS listener
        registry.rebind("plain", UnicastRemoteObject.exportObject(new EchoImpl.Plain(), 0));
        System.out.println("READY " + LocateRegistry.localPort());
    }
}
