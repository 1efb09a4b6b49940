package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;

/**
 * A server JVM that binds its objects in another process's registry ({@code args[0]} is its port): a
 * {@link TestService} as "svc" and a {@link MultiImpl} as "multi". Prints {@code BOUND} when done.
 */
public final class BindMain {
    private BindMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        registry.rebind("svc", Rmi.export(new TestServiceImpl()));
        registry.rebind("multi", Rmi.export(new MultiImpl("bound")));
        System.out.println("BOUND");
    }
}
