package io.mobula.examples.fidelity.mobula;

import io.mobula.rmi.Naming;
import java.rmi.Remote;
import java.rmi.RemoteException;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.server.UnicastRemoteObject;
import java.util.Arrays;

/** Naming's URL forms against a registry on a given port: {@code Urls PORT}. */
public class Urls {
    public interface Named extends Remote {
        String name() throws RemoteException;
    }

    static class NamedImpl implements Named {
        @Override
        public String name() {
            return "named";
        }
    }

    public static void main(String[] args) throws Exception {
        String port = args[0];
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(port));
        NamedImpl impl = new NamedImpl();
        Remote stub = UnicastRemoteObject.exportObject(impl, 0);
        String at = "127.0.0.1:" + port;
        String[] urls = {"rmi://" + at + "/a", "//" + at + "/b", "rmi://" + at + "/c/d", "rmi://" + at + "/",
            "http://" + at + "/e", "rmi://" + at + "/f?x=1", "rmi://" + at + "/g#h", at + "/i",
            "rmi://user@" + at + "/j", "rmi://" + at + "/ k"};
        for (String url : urls) {
            String shown = url.replace(port, "PORT");
            try {
                Naming.rebind(url, stub);
                System.out.println("rebind " + shown + ": ok");
            } catch (Exception e) {
                System.out.println("rebind " + shown + ": " + e.getClass().getName() + ": "
                        + String.valueOf(e.getMessage()).replace(port, "PORT"));
            }
        }
        String[] names = Naming.list("rmi://" + at);
        Arrays.sort(names);
        System.out.println("list: " + Arrays.toString(names).replace(port, "PORT"));
        System.out.println("lookup //" + "PORT/a: " + ((Named) Naming.lookup("//" + at + "/a")).name());
        try {
            Naming.lookup("rmi://" + at + "/missing");
        } catch (Exception e) {
            System.out.println("lookup missing: " + e.getClass().getName() + ": " + e.getMessage());
        }
        Naming.unbind("rmi://" + at + "/a");
        try {
            Naming.unbind("rmi://" + at + "/a");
        } catch (Exception e) {
            System.out.println("unbind twice: " + e.getClass().getName() + ": " + e.getMessage());
        }
        UnicastRemoteObject.unexportObject(impl, true);
        UnicastRemoteObject.unexportObject(registry, true);
        System.exit(0);
    }
}
