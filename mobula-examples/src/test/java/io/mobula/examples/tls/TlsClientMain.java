package io.mobula.examples.tls;

import io.mobula.examples.auth.Guarded;
import io.mobula.examples.rmi.Callback;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * A client JVM for the TLS test: looks up the {@link Guarded} of the server's registry ({@code args[0]}), calls it,
 * has it call back (the server then opens a connection to this process), and prints
 * {@code CALL OK touch=N callback=V transport=T}, or {@code CALL REFUSED <exception class> <ms> <message>}.
 */
public final class TlsClientMain {
    private TlsClientMain() {
    }

    static final class Doubler implements Callback {
        @Override
        public int onValue(int v) {
            return 2 * v;
        }
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        try {
            Guarded g = (Guarded) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("guarded");
            int touched = g.touch();
            int back = g.callBack(new Doubler(), 21);
            System.out.println("CALL OK touch=" + touched + " callback=" + back + " transport="
                    + Rmi.transportOf((Remote) g));
        } catch (RemoteException e) {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.println("CALL REFUSED " + e.getClass().getName() + " " + ms + " " + e.getMessage());
        }
        System.out.flush();
        System.exit(0);
    }
}
