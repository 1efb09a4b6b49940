package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;

/** A server JVM for the multi-process tests: prints {@code READY <registry port>} once it serves. */
public final class TestServerMain {
    private TestServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        TestService stub = (TestService) Rmi.export(new TestServiceImpl());
        registry.rebind("svc", stub);
        System.out.println("ORDER " + Rmi.config().byteOrder());
        System.out.println("READY " + LocateRegistry.localPort());
    }
}
