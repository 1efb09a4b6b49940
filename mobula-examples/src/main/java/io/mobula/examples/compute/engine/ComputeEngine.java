package io.mobula.examples.compute.engine;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.UnicastRemoteObject;
import io.mobula.examples.compute.compute.Compute;
import io.mobula.examples.compute.compute.Task;

public class ComputeEngine implements Compute {

    public ComputeEngine() {
        super();
    }

    public <T> T executeTask(Task<T> t) {
        return t.execute();
    }

    public static void main(String[] args) {
        try {
            String name = "Compute";
            Compute engine = new ComputeEngine();
            Compute stub =
                (Compute) UnicastRemoteObject.exportObject(engine, 0);
            Registry registry = LocateRegistry.getRegistry();
            registry.rebind(name, stub);
            System.out.println("ComputeEngine bound");
        } catch (Exception e) {
            System.err.println("ComputeEngine exception:");
            e.printStackTrace();
        }
    }
}
