package io.mobula.examples.auth;

import io.mobula.examples.rmi.TestService;
import io.mobula.rmi.registry.LocateRegistry;

/**
 * Calls {@code ping} of the server at 127.0.0.1:{@code args[0]}, prints {@code HELD}, and keeps its connection (an
 * authenticated one, with the cluster secret) until its standard input ends.
 */
public final class HoldingClientMain {
    private HoldingClientMain() {
    }

    public static void main(String[] args) throws Exception {
        TestService svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("svc");
        svc.ping();
        System.out.println("HELD");
        System.out.flush();
        while (System.in.read() >= 0) {
            svc.ping();
        }
        System.exit(0);
    }
}
