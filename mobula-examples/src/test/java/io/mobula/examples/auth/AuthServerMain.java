package io.mobula.examples.auth;

import io.mobula.examples.rmi.Callback;
import io.mobula.rmi.RemoteStub;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server JVM for the cluster-authentication tests, with whatever secret its environment or
 * {@code -Dmobula.secretFile} gives it. Serves a {@link Guarded} in a registry on an ephemeral port, or, given a port,
 * both exported with socket factories on that port (the {@code sock+tcp} transport); prints
 * {@code OBJECT <object id>} and {@code READY <registry port>}, then answers {@code STATS} on its standard input with
 * {@code STATS authFailures=N touched=M}.
 */
public final class AuthServerMain {
    static final AtomicInteger TOUCHED = new AtomicInteger();

    private AuthServerMain() {
    }

    static final class GuardedImpl implements Guarded {
        @Override
        public int touch() {
            return TOUCHED.incrementAndGet();
        }

        @Override
        public int callBack(Callback cb, int v) throws RemoteException {
            return cb.onValue(v);
        }
    }

    /** Plain sockets on the loopback interface, through the socket-factory transport. */
    public static final class Loopback implements RMIServerSocketFactory, RMIClientSocketFactory, Serializable {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(host, port);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Loopback;
        }

        @Override
        public int hashCode() {
            return Loopback.class.hashCode();
        }
    }

    public static void main(String[] args) throws Exception {
        Registry registry;
        Guarded stub;
        int port;
        if (args.length == 0) {
            registry = LocateRegistry.createRegistry(0);
            stub = (Guarded) Rmi.export(new GuardedImpl());
            port = LocateRegistry.localPort();
        } else {
            port = Integer.parseInt(args[0]);
            registry = LocateRegistry.createRegistry(port, new Loopback(), new Loopback());
            stub = (Guarded) Rmi.export(new GuardedImpl(), 0, new Loopback(), new Loopback());
        }
        registry.rebind("guarded", stub);
        String ref = RemoteStub.referenceOf(stub).toString(); // Guarded[<object id>@tcp://...]
        System.out.println("OBJECT " + ref.substring(ref.indexOf('[') + 1, ref.indexOf('@')));
        System.out.println("READY " + port);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("STATS")) {
                System.out.println("STATS authFailures=" + Rmi.counters().authFailures() + " touched="
                        + TOUCHED.get());
            }
        }
        System.exit(0);
    }
}
