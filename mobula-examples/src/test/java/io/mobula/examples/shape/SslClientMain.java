package io.mobula.examples.shape;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * Calls the TLS server: {@code ssl <port>} through the registry with a TLS client socket factory, {@code plain
 * <port>} without one (which a TLS registry must refuse).
 */
public final class SslClientMain {
    private SslClientMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("plain")) {
            try {
                LocateRegistry.getRegistry("127.0.0.1", port).list();
                System.out.println("PLAIN ANSWERED");
            } catch (java.rmi.RemoteException e) {
                System.out.println("PLAIN REFUSED " + e.getClass().getSimpleName());
            }
            return;
        }
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port, new SslRMIClientSocketFactory());
        Echo echo = (Echo) registry.lookup("echo");
        System.out.println("ECHO " + echo.echo("hello"));
        Echo plain = (Echo) registry.lookup("plain");
        System.out.println("PLAIN " + plain.echo("hi"));
        System.out.println("DONE");
    }
}
