package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.rmi.AccessException;

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
        } catch (AccessException e) {
            System.out.println("REFUSED " + e.getMessage());
        }
        System.out.println("NOW " + ((Labelled) registry.lookup("bank")).name());
        System.exit(0);
    }
}
