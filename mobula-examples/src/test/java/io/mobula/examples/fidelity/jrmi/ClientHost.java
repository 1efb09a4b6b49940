package io.mobula.examples.fidelity.jrmi;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;

/**
 * RemoteServer.getClientHost inside and outside a remote call, for a caller in the same process and in another:
 * {@code ClientHost server PORT} (then {@code ClientHost client PORT}).
 */
public class ClientHost {
    public interface Who extends Remote {
        String caller() throws RemoteException;
    }

    static class WhoImpl implements Who {
        @Override
        public String caller() {
            try {
                return RemoteServer.getClientHost();
            } catch (ServerNotActiveException e) {
                return "not active: " + e.getMessage();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("client")) {
            Who who = (Who) LocateRegistry.getRegistry("127.0.0.1", port).lookup("who");
            System.out.println("from another process: " + who.caller());
            System.exit(0);
        }
        try {
            RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            System.out.println("outside a call: " + e.getClass().getName() + ": " + e.getMessage());
        }
        WhoImpl impl = new WhoImpl();
        Who who = (Who) UnicastRemoteObject.exportObject(impl, 0);
        System.out.println("inside a call: " + who.caller());
        System.out.println("called directly: " + impl.caller());
        Registry registry = LocateRegistry.createRegistry(port);
        registry.rebind("who", who);
        System.out.println("server ready");
        new BufferedReader(new InputStreamReader(System.in)).readLine();
        UnicastRemoteObject.unexportObject(impl, true);
        UnicastRemoteObject.unexportObject(registry, true);
        System.exit(0);
    }
}
