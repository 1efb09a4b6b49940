package io.mobula.examples.fidelity.jrmi;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/**
 * A server class that extends UnicastRemoteObject and a client in another process that calls it and exits: neither
 * prints anything but its own lines ({@code Quiet server PORT}, then {@code Quiet client PORT}).
 */
public class Quiet {
    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    static class EchoServer extends UnicastRemoteObject implements Echo {
        EchoServer() throws RemoteException {
            super();
        }

        @Override
        public String echo(String s) {
            return "echo " + s;
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(port);
            EchoServer server = new EchoServer();
            registry.rebind("echo", server);
            System.out.println("server ready");
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            for (String line; (line = in.readLine()) != null && !line.equals("quit"); ) {
                System.out.println("server got " + line);
            }
            UnicastRemoteObject.unexportObject(server, true);
            UnicastRemoteObject.unexportObject(registry, true);
            System.out.println("server done");
        } else {
            Echo echo = (Echo) LocateRegistry.getRegistry("127.0.0.1", port).lookup("echo");
            System.out.println("client: " + echo.echo("hello"));
            System.out.println("client: " + echo.echo("again"));
        }
        System.exit(0);
    }
}
