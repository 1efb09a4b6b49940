package io.mobula.examples.auth;

import io.mobula.examples.rmi.Callback;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * A client JVM for the cluster-authentication tests: looks up the {@link Guarded} of {@link AuthServerMain} in its
 * plain registry ({@code args[0]}) and in its socket-factory registry ({@code args[1]}), calls it and has it call
 * back, and prints per registry {@code PLAIN OK touch=N callback=V transport=T} (or {@code SOCKETS OK ...}), or
 * {@code PLAIN REFUSED <exception class> <ms> <message>} when the call fails.
 */
public final class AuthClientMain {
    private AuthClientMain() {
    }

    /** Exported when passed: the server calls it back over a connection of its own (it opens that one). */
    static final class Doubler implements Callback {
        @Override
        public int onValue(int v) {
            return 2 * v;
        }
    }

    public static void main(String[] args) throws Exception {
        Callback cb = new Doubler();
        // sockets first: the callback then makes the server open a connection to this process
        attempt("SOCKETS", () -> (Guarded) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[1]),
                new AuthServerMain.Loopback()).lookup("guarded"), cb);
        attempt("PLAIN", () -> (Guarded) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("guarded"), cb);
        System.out.flush();
        System.exit(0);
    }

    private interface Lookup {
        Guarded get() throws Exception;
    }

    private static void attempt(String what, Lookup lookup, Callback cb) throws Exception {
        long t0 = System.nanoTime();
        try {
            Guarded g = lookup.get();
            int touched = g.touch();
            int back = g.callBack(cb, 21);
            // the upgrade to shared memory follows the handshake; give it a few calls
            String via = Rmi.transportOf((Remote) g);
            for (int i = 0; i < 200 && "tcp".equals(via) && what.equals("PLAIN"); i++) {
                Thread.sleep(10);
                g.touch();
                via = Rmi.transportOf((Remote) g);
            }
            System.out.println(what + " OK touch=" + touched + " callback=" + back + " transport=" + via);
        } catch (RemoteException e) {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.println(what + " REFUSED " + e.getClass().getName() + " " + ms + " " + e.getMessage());
        }
    }
}
