package io.mobula.examples.interop;

import io.mobula.interop.JrmpRegistry;
import io.mobula.rmi.Naming;
import io.mobula.rmi.server.UnicastRemoteObject;

/**
 * The client on Mobula: {@code MobulaShopClient host port [naming|jrmp-registry]}. With {@code naming} (the
 * default) it looks the shop up with {@code Naming.lookup("rmi://host:port/shop")}, which works whether a Mobula or a
 * plain java.rmi registry answers there; {@code jrmp-registry} asks a plain registry explicitly. Prints
 * {@code CHECK} lines and {@code DONE}.
 */
public final class MobulaShopClient {
    private MobulaShopClient() {
    }

    public static void main(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        String how = args.length > 2 ? args[2] : "naming";
        Shop shop = (Shop) (how.equals("jrmp-registry")
                ? JrmpRegistry.getRegistry(host, port).lookup("shop")
                : Naming.lookup("rmi://" + host + ":" + port + "/shop"));
        for (String line : ShopChecks.run(shop, l -> (Listener) UnicastRemoteObject.exportObject(l, 0))) {
            System.out.println("CHECK " + line);
        }
        System.out.println("DONE");
        System.exit(0);
    }
}
