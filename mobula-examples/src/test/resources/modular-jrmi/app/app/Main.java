package app;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.Remote;
import java.rmi.RemoteException;

public class Main {
    public interface Teller extends Remote {
        long withdraw(long amount) throws RemoteException, Refused;
    }

    public static class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        public final long missing;

        public Refused(long missing) {
            super("missing " + missing);
            this.missing = missing;
        }
    }

    static class TellerImpl implements Teller {
        public long withdraw(long amount) throws Refused {
            if (amount > 100) {
                throw new Refused(amount - 100);
            }
            return 100 - amount;
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            Registry r = LocateRegistry.createRegistry(port);
            TellerImpl impl = new TellerImpl();
            r.rebind("teller", UnicastRemoteObject.exportObject(impl, 0));
            System.out.println("server ready");
            System.in.read();
        } else {
            Teller t = (Teller) LocateRegistry.getRegistry("127.0.0.1", port).lookup("teller");
            System.out.println("left " + t.withdraw(30));
            try {
                t.withdraw(150);
            } catch (Refused e) {
                System.out.println("refused: " + e.getMessage() + ", missing " + e.missing);
            } catch (Exception e) {
                System.out.println("other: " + e);
            }
        }
        System.exit(0);
    }
}
