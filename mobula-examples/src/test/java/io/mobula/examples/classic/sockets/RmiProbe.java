package io.mobula.examples.classic.sockets;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A plain java.rmi program (JDK classes only, nothing of Mobula): {@code server <port>} serves a registry and a
 * service; {@code work <port>} makes concurrent calls, sends large arrays both ways and is called back;
 * {@code hang <port>} makes one call that lasts ten minutes and says how it ended.
 */
public final class RmiProbe {
    private RmiProbe() {
    }

    public interface Service extends Remote {
        int add(int a, int b) throws RemoteException;

        byte[] reverse(byte[] data) throws RemoteException;

        double[] scale(double[] v, double factor) throws RemoteException;

        /** Calls {@code listener} back {@code times} times; returns the sum of its answers. */
        long callBack(Listener listener, int times) throws RemoteException;

        void sleep(long millis) throws RemoteException;
    }

    public interface Listener extends Remote {
        int ping(int i) throws RemoteException;
    }

    static final class ServiceImpl implements Service {
        @Override
        public int add(int a, int b) {
            return a + b;
        }

        @Override
        public byte[] reverse(byte[] data) {
            byte[] r = new byte[data.length];
            for (int i = 0; i < data.length; i++) {
                r[i] = data[data.length - 1 - i];
            }
            return r;
        }

        @Override
        public double[] scale(double[] v, double factor) {
            double[] r = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                r[i] = v[i] * factor;
            }
            return r;
        }

        @Override
        public long callBack(Listener listener, int times) throws RemoteException {
            long sum = 0;
            for (int i = 0; i < times; i++) {
                sum += listener.ping(i);
            }
            return sum;
        }

        @Override
        public void sleep(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static final class Squarer implements Listener {
        @Override
        public int ping(int i) {
            return i * i;
        }
    }

    private static final ServiceImpl SERVED = new ServiceImpl();

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            Registry registry = LocateRegistry.createRegistry(port);
            registry.rebind("probe", UnicastRemoteObject.exportObject(SERVED, 0));
            System.out.println("probe ready");
            return;
        }
        Service service = (Service) LocateRegistry.getRegistry("127.0.0.1", port).lookup("probe");
        if (args[0].equals("hang")) {
            System.out.println("calling sleep");
            long start = System.nanoTime();
            try {
                service.sleep(600_000);
                System.out.println("sleep returned");
            } catch (RemoteException e) {
                System.out.println("sleep failed after " + (System.nanoTime() - start) / 1_000_000 + " ms: "
                        + e.getClass().getName());
            }
            System.exit(0);
        }
        concurrentCalls(service, 16, 300);
        largeArrays(service);
        Squarer squarer = new Squarer();
        Listener listener = (Listener) UnicastRemoteObject.exportObject(squarer, 0);
        System.out.println("callbacks: sum of squares below 200 = " + service.callBack(listener, 200));
        UnicastRemoteObject.unexportObject(squarer, true);
        System.out.println("work done");
        System.exit(0);
    }

    private static void concurrentCalls(Service service, int threads, int calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * 1_000_000;
                results.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < calls; i++) {
                        if (service.add(base, i) == base + i) {
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            int ok = 0;
            for (Future<Integer> f : results) {
                ok += f.get();
            }
            System.out.println("concurrent calls: " + ok + " of " + threads * calls + " right");
        } finally {
            pool.shutdownNow();
        }
    }

    private static void largeArrays(Service service) throws RemoteException {
        byte[] bytes = new byte[12 << 20];
        new Random(42).nextBytes(bytes);
        byte[] back = service.reverse(bytes);
        boolean reversed = back.length == bytes.length;
        for (int i = 0; reversed && i < bytes.length; i++) {
            reversed = back[i] == bytes[bytes.length - 1 - i];
        }
        double[] v = new double[1 << 20];
        Arrays.setAll(v, i -> i * 0.5);
        double[] scaled = service.scale(v, 4.0);
        boolean scaledRight = scaled.length == v.length;
        for (int i = 0; scaledRight && i < v.length; i++) {
            scaledRight = scaled[i] == i * 2.0;
        }
        System.out.println("large arrays: " + bytes.length + " bytes reversed " + (reversed ? "intact" : "WRONG")
                + ", " + v.length + " doubles scaled " + (scaledRight ? "intact" : "WRONG"));
    }
}
