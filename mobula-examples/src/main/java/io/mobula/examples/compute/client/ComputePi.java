package io.mobula.examples.compute.client;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.math.BigDecimal;
import io.mobula.examples.compute.compute.Compute;

public class ComputePi {
    public static void main(String args[]) {
        try {
            String name = "Compute";
            Registry registry = LocateRegistry.getRegistry(args[0]);
            Compute comp = (Compute) registry.lookup(name);
            Pi task = new Pi(Integer.parseInt(args[1]));
            BigDecimal pi = comp.executeTask(task);
            System.out.println(pi);
        } catch (Exception e) {
            System.err.println("ComputePi exception:");
            e.printStackTrace();
        }
    }
}
