package io.mobula.examples.fidelity.jrmi;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;

/**
 * An object whose only remote interface is java.rmi.Remote itself, exported for its identity (java.rmi's own tests
 * use such objects for export, unexport and leak checks): {@code Identity PORT}.
 */
public class Identity {
    public static void main(String[] args) throws Exception {
        Remote obj = new Remote() {
        };
        Remote stub = UnicastRemoteObject.exportObject(obj, 0);
        System.out.println("exported, stub is a Remote: " + (stub instanceof Remote));
        System.out.println("toStub equals the stub: " + RemoteObject.toStub(obj).equals(stub));
        System.out.println("same hash: " + (RemoteObject.toStub(obj).hashCode() == stub.hashCode()));
        System.out.println("the stub equals the object: " + stub.equals(obj) + ", the object equals the stub: "
                + obj.equals(stub) + ", the stub equals null: " + stub.equals(null));
        Remote other = UnicastRemoteObject.exportObject(new Remote() {
        }, 0);
        System.out.println("stubs of two objects: equal " + other.equals(stub));
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        registry.bind("identity", stub);
        Remote found = registry.lookup("identity");
        System.out.println("looked up, equals the stub: " + found.equals(stub) + ", hash too: "
                + (found.hashCode() == stub.hashCode()));
        try {
            UnicastRemoteObject.exportObject(obj, 0);
        } catch (Exception e) {
            System.out.println("exported twice: " + e.getClass().getName() + ": " + e.getMessage());
        }
        System.out.println("unexported: " + UnicastRemoteObject.unexportObject(obj, true));
        try {
            UnicastRemoteObject.unexportObject(obj, true);
        } catch (NoSuchObjectException e) {
            System.out.println("unexported twice: " + e.getClass().getName() + ": " + e.getMessage());
        }
        UnicastRemoteObject.unexportObject(registry, true);
        System.exit(0);
    }
}
