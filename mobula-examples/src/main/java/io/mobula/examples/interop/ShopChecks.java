package io.mobula.examples.interop;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The client side, written once against java.rmi's interfaces: every call a java.rmi client relies on, each
 * reported as one line, so runs over different RMI systems can be compared line by line.
 */
public final class ShopChecks {
    /** Makes a listener ready to be passed to the server (java.rmi needs it exported). */
    public interface ListenerExporter {
        Listener export(Listener l) throws RemoteException;
    }

    /** The client's callback. */
    public static final class TimesTen implements Listener {
        @Override
        public int onEvent(int sequence) {
            return sequence * 10;
        }
    }

    private ShopChecks() {
    }

    /** Runs every check on {@code shop}; one line per check. */
    public static List<String> run(Shop shop, ListenerExporter exporter) throws Exception {
        List<String> out = new ArrayList<>();
        out.add("add " + shop.add(40, 2));
        out.add("echo " + shop.echo("gr\u00fc\u00dfe \u2713"));
        double[] big = new double[300_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 0.5;
        }
        double[] scaled = shop.scale(big, 2);
        boolean intact = scaled.length == big.length;
        for (int i = 0; intact && i < big.length; i++) {
            intact = scaled[i] == i;
        }
        out.add("scale " + scaled.length + " intact=" + intact);
        out.add("discount " + shop.discount(new Item("tea", 1000, List.of("green")), 10));
        Counter c = shop.counter("c1");
        c.increment();
        c.increment();
        out.add("counter " + c.name() + " " + c.increment());
        out.add("same " + shop.same(c, c) + " " + shop.same(c, shop.counter("c2")));
        out.add("notify " + shop.notify(exporter.export(new TimesTen()), 5));
        try {
            shop.buy("tea", 13);
            out.add("buy no exception");
        } catch (OutOfStock e) {
            out.add("buy " + e.getClass().getSimpleName() + " missing=" + e.missing() + " message=" + e.getMessage());
        }
        out.add("buy " + shop.buy("tea", 3));
        String host = shop.client();
        out.add("client " + (host.equals("127.0.0.1") ? "loopback" : host));
        out.add("threads " + threads(shop, 8, 250));
        return out;
    }

    /** {@code threads} threads each making {@code calls} calls; how many answered right. */
    private static int threads(Shop shop, int threads, int calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * 1000;
                results.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < calls; i++) {
                        if (shop.add(base, i) == base + i) {
                            ok++;
                        }
                    }
                    return ok;
                }));
            }
            int ok = 0;
            for (Future<Integer> f : results) {
                ok += f.get(60, TimeUnit.SECONDS);
            }
            return ok;
        } finally {
            pool.shutdownNow();
        }
    }
}
