package com.example.calc;

import io.mobula.rmi.registry.LocateRegistry; // was java.rmi.registry.LocateRegistry
import io.mobula.rmi.registry.Registry;       // was java.rmi.registry.Registry

/**
 * Creates a registry on the port given (default 1099), binds a calculator in it and serves until the process is
 * stopped.
 */
public final class CalculatorServer {
    private CalculatorServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 1099;
        Registry registry = LocateRegistry.createRegistry(port);
        registry.rebind("calculator", new CalculatorImpl());
        System.out.println("calculator ready on port " + port);
    }
}
