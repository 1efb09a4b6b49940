package io.mobula.bench.rmi;

import io.mobula.interop.JrmpBridge;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/**
 * A plain java.rmi client calling a Mobula server through the bridge (docs/INTEROP.md): the server exports
 * {@link BenchRemoteImpl} with Mobula, binds it in its Mobula registry and serves standard clients with
 * {@link JrmpBridge}; the client is the same java.rmi code as {@link JavaRmiSystem}'s, finding the object in the
 * standard registry the bridge shows. Against java.rmi it measures what the bridge costs a plain client.
 */
public final class JrmpBridgeSystem extends JvmRmiSystem {
    /** Keeps the exported object strongly reachable for the life of the server. */
    private static volatile BenchRemoteImpl exported;

    @Override
    public String name() {
        return "java.rmi-to-mobula";
    }

    @Override
    public String transport() {
        return "tcp";
    }

    @Override
    public boolean isRawBaseline() {
        return false;
    }

    @Override
    protected String serve() throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        BenchRemoteImpl impl = new BenchRemoteImpl();
        registry.rebind("bench", Rmi.export(impl));
        exported = impl;
        return Integer.toString(JrmpBridge.serve(0).port());
    }

    @Override
    protected ClientSession connect(String token) throws Exception {
        BenchRemote stub = (BenchRemote) java.rmi.registry.LocateRegistry
                .getRegistry("127.0.0.1", Integer.parseInt(token)).lookup("bench");
        return new RemoteApiSession(stub, cb -> (BenchCallback) UnicastRemoteObject.exportObject(cb, 0, null,
                LoopbackServerSocketFactory.INSTANCE));
    }
}
