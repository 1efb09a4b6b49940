package io.mobula.examples.auth;

import io.mobula.examples.rmi.TestService;
import io.mobula.rmi.registry.LocateRegistry;

/**
 * Calls {@code echoBytes} of the server at 127.0.0.1:{@code args[0]} with {@code args[1]} MiB: prints {@code CALL OK}
 * if the same bytes came back, else (the look-up or the call failed) {@code CALL FAILED <exception class> <message,
 * cause messages>}. After a failed call it calls again with 1 KiB through the same stub and prints {@code THEN OK} or
 * {@code THEN FAILED <exception>}: a call the server had no room for fails alone.
 */
public final class BigCallClientMain {
    private BigCallClientMain() {
    }

    public static void main(String[] args) {
        byte[] big = new byte[Integer.parseInt(args[1]) << 20];
        big[big.length - 1] = 42;
        TestService svc = null;
        try {
            svc = (TestService) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("svc");
            byte[] back = svc.echoBytes(big);
            System.out.println(back.length == big.length && back[back.length - 1] == 42 ? "CALL OK" : "CALL WRONG");
        } catch (Exception e) {
            System.out.println("CALL FAILED " + describe(e));
            if (svc != null) {
                try {
                    System.out.println(svc.echoBytes(new byte[1024]).length == 1024 ? "THEN OK" : "THEN WRONG");
                } catch (Exception again) {
                    System.out.println("THEN FAILED " + describe(again));
                }
            }
        }
        System.out.flush();
        System.exit(0);
    }

    private static String describe(Exception e) {
        StringBuilder b = new StringBuilder(e.getClass().getName());
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(" | ").append(String.valueOf(t.getMessage()).replace('\n', ' '));
        }
        return b.toString();
    }
}
