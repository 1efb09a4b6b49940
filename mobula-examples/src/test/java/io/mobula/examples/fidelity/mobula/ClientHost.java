package io.mobula.examples.fidelity.mobula;

import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import io.mobula.rmi.server.UnicastRemoteObject;

/** RemoteServer.getClientHost inside and outside a remote call. */
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
        try {
            RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            System.out.println("outside a call: " + e.getClass().getName() + ": " + e.getMessage());
        }
        WhoImpl impl = new WhoImpl();
        Who who = (Who) UnicastRemoteObject.exportObject(impl, 0);
        System.out.println("inside a call: " + who.caller());
        System.out.println("called directly: " + impl.caller());
        UnicastRemoteObject.unexportObject(impl, true);
        System.exit(0);
    }
}
