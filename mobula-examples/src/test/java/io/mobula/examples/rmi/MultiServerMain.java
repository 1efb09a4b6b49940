package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;

/** Serves a {@link MultiImpl} under "multi" in its own registry; prints {@code READY <registry port>}. */
public final class MultiServerMain {
    private MultiServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        registry.rebind("multi", Rmi.export(new MultiImpl("server")));
        System.out.println("READY " + LocateRegistry.localPort());
    }
}
