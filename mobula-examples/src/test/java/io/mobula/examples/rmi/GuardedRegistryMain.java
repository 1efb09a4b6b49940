package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.RmiConfig;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;

/**
 * A registry on {@code args[0]} with a genuine service bound as "bank" by its own process; prints
 * {@code READY <port>}.
 */
public final class GuardedRegistryMain {
    private GuardedRegistryMain() {
    }

    public static void main(String[] args) throws Exception {
        Rmi.configure(RmiConfig.fromSystemProperties().withHost(args[0]));
        Registry registry = LocateRegistry.createRegistry(0);
        registry.rebind("bank", Rmi.export(new MultiImpl("genuine")));
        System.out.println("READY " + LocateRegistry.localPort());
    }
}
