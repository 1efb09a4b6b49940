package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;

/** Serves a {@link FaultService} as {@code faults}; prints {@code READY <registry port>}. Argument: port (0: any). */
public final class FaultServerMain {
    private FaultServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(args.length > 0 ? Integer.parseInt(args[0]) : 0);
        registry.rebind("faults", (FaultService) Rmi.export(new FaultServiceImpl()));
        System.out.println("READY " + LocateRegistry.localPort());
    }
}
