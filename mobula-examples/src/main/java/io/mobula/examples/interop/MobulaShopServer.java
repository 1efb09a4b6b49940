package io.mobula.examples.interop;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.RemoteServer;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * The shop on Mobula: {@code MobulaShopServer registryPort}. Nothing in it knows of plain java.rmi; run with
 * {@code -Dmobula.jrmp.port=PORT} it serves plain clients too. Prints {@code READY}, then obeys standard input:
 * {@code gc} (collect garbage, then print {@code GC DONE}), {@code unexport} (unexport the shop), {@code exit}.
 */
public final class MobulaShopServer {
    private MobulaShopServer() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        // counters are returned unexported: Mobula exports a remote object as it is sent
        ShopImpl shop = new ShopImpl(c -> c, RemoteServer::getClientHost);
        registry.rebind("shop", UnicastRemoteObject.exportObject(shop, 0));
        System.out.println("READY");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String cmd; (cmd = in.readLine()) != null && !cmd.equals("exit"); ) {
            switch (cmd) {
                case "gc" -> {
                    for (int i = 0; i < 5; i++) {
                        System.gc();
                        Thread.sleep(50);
                    }
                    System.out.println("GC DONE");
                }
                case "unexport" -> System.out.println("UNEXPORTED " + UnicastRemoteObject.unexportObject(shop, true));
                default -> System.out.println("unknown command " + cmd);
            }
        }
        System.exit(0);
    }
}
