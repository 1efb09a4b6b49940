package io.mobula.examples.interop;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteServer;
import java.rmi.server.UnicastRemoteObject;

/**
 * The shop on plain java.rmi (run it with no Mobula class on the class path): {@code PlainShopServer port}; a
 * registry on the loopback address at {@code port} with the shop bound as "shop". Prints {@code READY}.
 */
public final class PlainShopServer {
    private PlainShopServer() {
    }

    public static void main(String[] args) throws Exception {
        Loopback loopback = new Loopback();
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]), null, loopback);
        ShopImpl shop = new ShopImpl(c -> (Counter) UnicastRemoteObject.exportObject(c, 0, null, loopback),
                RemoteServer::getClientHost);
        registry.rebind("shop", UnicastRemoteObject.exportObject(shop, 0, null, loopback));
        System.out.println("READY");
        Thread.sleep(Long.MAX_VALUE); // exported objects keep the JVM up anyway; the test kills it
    }
}
