package io.mobula.examples.fidelity.jrmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;

/** Calls through a stub after its object was unexported, and exporting the object again. */
public class Unexport {
    public interface Ping extends Remote {
        String ping() throws RemoteException;
    }

    static class PingImpl implements Ping {
        @Override
        public String ping() {
            return "pong";
        }
    }

    public static void main(String[] args) throws Exception {
        PingImpl impl = new PingImpl();
        Ping stub = (Ping) UnicastRemoteObject.exportObject(impl, 0);
        System.out.println("exported: " + stub.ping());
        // A call that has returned may still count as in progress on the server for a moment, and a non-forced
        // unexport refuses while it does: try again, for at most 5 s.
        long deadline = System.nanoTime() + 5_000_000_000L;
        boolean unexported;
        while (!(unexported = UnicastRemoteObject.unexportObject(impl, false)) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        System.out.println("unexported: " + unexported);
        if (!unexported) {
            System.exit(1);
        }
        try {
            stub.ping();
        } catch (RemoteException e) {
            System.out.println("after unexport: " + e.getClass().getName() + ": " + e.getMessage());
        }
        Ping again = (Ping) UnicastRemoteObject.exportObject(impl, 0);
        System.out.println("exported again: " + again.ping() + ", equals the old stub: " + again.equals(stub));
        try {
            stub.ping();
        } catch (RemoteException e) {
            System.out.println("the old stub: " + e.getClass().getName());
        }
        UnicastRemoteObject.unexportObject(impl, true);
        System.exit(0);
    }
}
