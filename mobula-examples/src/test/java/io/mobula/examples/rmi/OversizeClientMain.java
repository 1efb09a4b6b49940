package io.mobula.examples.rmi;

import io.mobula.rmi.registry.LocateRegistry;
import java.rmi.MarshalException;

/**
 * Sends an argument too large for this JVM's heap to serialize (run with a small -Xmx): prints
 * {@code MARSHAL <message>} if the call failed with MarshalException, then {@code AFTER <sum>} from a normal call on
 * the same connection.
 */
public final class OversizeClientMain {
    private OversizeClientMain() {
    }

    public static void main(String[] args) throws Exception {
        FaultService svc = (FaultService) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("faults");
        System.out.println("FIRST " + svc.add(1, 1));
        byte[] big = new byte[Integer.parseInt(args[1]) << 20];
        try {
            svc.echo(big);
            System.out.println("SENT");
        } catch (MarshalException e) {
            System.out.println("MARSHAL " + e.getMessage().replace('\n', ' '));
        } catch (Throwable t) {
            System.out.println("OTHER " + t);
        }
        big = null;
        System.out.println("AFTER " + svc.add(20, 22));
        System.exit(0);
    }
}
