package io.mobula.examples.fidelity.jrmi;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Distributed garbage collection as a server sees it: an object that implements Unreferenced is told when the last
 * client holding a reference to it is gone (here: the client process exits), again after a new client came and went,
 * and it stays exported meanwhile. A client that stays alive renews its lease, so the object is not told while it
 * lives; once that client stops renewing (its process is stopped, its connection stays open) the object is told
 * when the lease ends, and the client, running again, calls it as before.
 */
public class Leases {
    public interface Counter extends Remote {
        int next() throws RemoteException;
    }

    static class CounterImpl implements Counter, Unreferenced {
        final Semaphore unreferenced = new Semaphore(0);
        private int n;

        @Override
        public synchronized int next() {
            return ++n;
        }

        @Override
        public void unreferenced() {
            unreferenced.release();
        }
    }

    /**
     * {@code server PORT}: serves until two clients have come and gone and a third stopped renewing;
     * {@code client PORT}: calls and exits; {@code client PORT stay}: calls, then again after a line of input.
     */
    public static void main(String[] args) throws Exception {
        System.setProperty("java.rmi.dgc.leaseValue", "1000"); // leases of a second: expiry is seen within seconds
        int port = Integer.parseInt(args[1]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(port);
            CounterImpl impl = new CounterImpl();
            registry.rebind("counter", UnicastRemoteObject.exportObject(impl, 0));
            System.out.println("server ready");
            for (int client = 1; client <= 2; client++) {
                in.readLine(); // the client has exited
                boolean told = impl.unreferenced.tryAcquire(60, TimeUnit.SECONDS);
                System.out.println("after client " + client + ": unreferenced " + told + ", count " + impl.next());
            }
            in.readLine(); // the third client called and stays
            boolean early = impl.unreferenced.tryAcquire(2, TimeUnit.SECONDS); // two leases
            System.out.println("while client 3 lives: unreferenced " + early);
            in.readLine(); // the third client stopped renewing
            boolean told = impl.unreferenced.tryAcquire(5, TimeUnit.SECONDS); // when its lease ends, not later
            System.out.println("after client 3 stopped renewing: unreferenced within five leases " + told + ", count "
                    + impl.next());
            in.readLine(); // the third client called again
            System.out.println("still exported: " + UnicastRemoteObject.unexportObject(impl, false));
            UnicastRemoteObject.unexportObject(registry, true);
        } else {
            Counter c = (Counter) LocateRegistry.getRegistry("127.0.0.1", port).lookup("counter");
            System.out.println("client got " + c.next());
            if (args.length > 2) {
                in.readLine(); // running again after it stopped renewing
                System.out.println("client got " + c.next());
            }
        }
        System.exit(0);
    }
}
