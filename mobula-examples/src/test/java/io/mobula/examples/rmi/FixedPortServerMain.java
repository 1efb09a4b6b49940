package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;

/** Like {@link TestServerMain}, on a registry port given as the argument (to test reconnection). */
public final class FixedPortServerMain {
    private FixedPortServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        registry.rebind("svc", (TestService) Rmi.export(new TestServiceImpl()));
        System.out.println("READY " + LocateRegistry.localPort());
    }
}
