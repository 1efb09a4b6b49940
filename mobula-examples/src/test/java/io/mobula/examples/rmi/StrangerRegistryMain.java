package io.mobula.examples.rmi;

import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.RemoteException;

/**
 * A local process that is no member of the cluster (another user's cookie, or authentication off) and tries what
 * any local process could do to a Mobula process that ran without authentication: unbind {@code args[2]} from the
 * registry at 127.0.0.1:{@code args[0]}, and list the names of the process listening at 127.0.0.1:{@code args[1]}
 * (any Mobula process serves its registry on its port). Prints {@code UNBIND OK} or
 * {@code UNBIND REFUSED <exception class> <message>}, then {@code LIST OK <names>} or {@code LIST REFUSED ...}.
 */
public final class StrangerRegistryMain {
    private StrangerRegistryMain() {
    }

    private interface Attempt {
        String run() throws Exception;
    }

    public static void main(String[] args) {
        attempt("UNBIND", () -> {
            LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).unbind(args[2]);
            return "";
        });
        attempt("LIST", () -> String.join(",", LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[1]))
                .list()));
        System.out.flush();
        System.exit(0);
    }

    private static void attempt(String what, Attempt a) {
        try {
            System.out.println(what + " OK " + a.run());
        } catch (RemoteException e) {
            System.out.println(what + " REFUSED " + e.getClass().getName() + " " + String.valueOf(e.getMessage())
                    .replace('\n', ' '));
        } catch (Exception e) {
            System.out.println(what + " FAILED " + e);
        }
    }
}
