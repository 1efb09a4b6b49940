package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.rmi.AccessException;
import java.rmi.ServerException;

/**
 * Tries to replace "bank" in the registry at {@code args[0]:args[1]} with its own object; prints what happened:
 * {@code LOOKUP <name>}, then {@code REFUSED <message>} or {@code REPLACED}, then {@code NOW <name>}.
 */
public final class ImpostorMain {
    private ImpostorMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry(args[0], Integer.parseInt(args[1]));
        System.out.println("LOOKUP " + ((Labelled) registry.lookup("bank")).name());
        try {
            registry.rebind("bank", Rmi.export(new MultiImpl("impostor")));
            System.out.println("REPLACED");
        } catch (ServerException e) { // as java.rmi: the registry's AccessException arrives wrapped
            if (!(e.getCause() instanceof AccessException a)) {
                throw e;
            }
            System.out.println("REFUSED " + a.getMessage());
        }
        System.out.println("NOW " + ((Labelled) registry.lookup("bank")).name());
        System.exit(0);
    }
}
