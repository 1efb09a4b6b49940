package io.mobula.examples.interop;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;

/**
 * A plain java.rmi client (run it with no Mobula class on the class path): {@code PlainShopClient host port [commands-only]}.
 * Prints {@code CHECK} lines (none with {@code commands-only}), then {@code HOLDING} with a counter nobody else holds, and waits for commands on standard
 * input: {@code held} (use that counter again), {@code filtered} (send a value the server's class filter refuses),
 * {@code gone} (call the shop after its server unexported it), {@code exit}.
 */
public final class PlainShopClient {
    private PlainShopClient() {
    }

    public static void main(String[] args) throws Exception {
        try {
            Class.forName("io.mobula.rmi.Rmi");
            System.out.println("FAIL Mobula is on the class path");
            System.exit(1);
        } catch (ClassNotFoundException expected) {
            System.out.println("CHECK plain-jvm");
        }
        Shop shop = (Shop) LocateRegistry.getRegistry(args[0], Integer.parseInt(args[1])).lookup("shop");
        if (args.length < 3 || !args[2].equals("commands-only")) {
            List<String> lines = ShopChecks.run(shop,
                    l -> (Listener) UnicastRemoteObject.exportObject(l, 0, null, new Loopback()));
            for (String line : lines) {
                System.out.println("CHECK " + line);
            }
        }
        Counter held = shop.counter("held");
        held.increment();
        System.out.println("HOLDING");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String cmd; (cmd = in.readLine()) != null && !cmd.equals("exit"); ) {
            switch (cmd) {
                case "held" -> System.out.println("CHECK held " + held.name() + " " + held.increment());
                case "filtered" -> {
                    try {
                        shop.discount(new Item("tea", 1, List.of()), 1);
                        System.out.println("CHECK filtered accepted");
                    } catch (RemoteException e) {
                        System.out.println("CHECK filtered refused " + e.getClass().getSimpleName());
                    }
                    System.out.println("CHECK after " + shop.add(40, 2));
                }
                case "gone" -> {
                    try {
                        shop.add(1, 1);
                        System.out.println("CHECK gone still answers");
                    } catch (NoSuchObjectException e) {
                        System.out.println("CHECK gone NoSuchObjectException");
                    }
                }
                default -> System.out.println("unknown command " + cmd);
            }
        }
        System.out.println("DONE");
        System.exit(0);
    }
}
