package com.example.calc;

import io.mobula.rmi.registry.LocateRegistry; // was java.rmi.registry.LocateRegistry
import io.mobula.rmi.registry.Registry;       // was java.rmi.registry.Registry

/** Looks the calculator up in the registry at host and port (default 127.0.0.1 1099) and calls it. */
public final class CalculatorClient {
    private CalculatorClient() {
    }

    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 1099;
        Registry registry = LocateRegistry.getRegistry(host, port);
        Calculator calc = (Calculator) registry.lookup("calculator");
        System.out.println("add(2, 40) = " + calc.add(2, 40));
        System.out.println("divide(84, 2) = " + calc.divide(84, 2));
        try {
            calc.divide(1, 0);
        } catch (ArithmeticException e) {
            System.out.println("divide(1, 0) threw " + e);
        }
        System.out.println("stats = " + calc.stats(new double[] {1.5, 2.5, 8}));
        System.out.println("calls served: " + calc.calls());
    }
}
