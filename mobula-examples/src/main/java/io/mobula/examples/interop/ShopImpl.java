package io.mobula.examples.interop;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;

/**
 * The shop, written once against java.rmi's interfaces. What differs between the two RMI systems is passed in:
 * how a new remote object is exported and how the caller's host is found.
 */
public final class ShopImpl implements Shop {
    /** Exports a remote object about to be returned (java.rmi needs it exported; Mobula exports it when sent). */
    public interface Exporter {
        Counter export(Counter c) throws RemoteException;
    }

    /** {@code RemoteServer.getClientHost()} of the RMI system serving the call. */
    public interface ClientHost {
        String get() throws Exception;
    }

    private final Exporter exporter;
    private final ClientHost clientHost;

    public ShopImpl(Exporter exporter, ClientHost clientHost) {
        this.exporter = exporter;
        this.clientHost = clientHost;
    }

    @Override
    public int add(int a, int b) {
        return a + b;
    }

    @Override
    public String echo(String s) {
        return s;
    }

    @Override
    public double[] scale(double[] values, double factor) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] * factor;
        }
        return out;
    }

    @Override
    public Item discount(Item item, int percent) {
        List<String> tags = new ArrayList<>(item.tags());
        tags.add("-" + percent + "%");
        return new Item(item.name(), item.cents() * (100 - percent) / 100, tags);
    }

    @Override
    public Counter counter(String name) throws RemoteException {
        return exporter.export(new CounterImpl(name));
    }

    @Override
    public boolean same(Counter a, Counter b) {
        return a.equals(b);
    }

    @Override
    public int notify(Listener listener, int times) throws RemoteException {
        int sum = 0;
        for (int i = 1; i <= times; i++) {
            sum += listener.onEvent(i);
        }
        return sum;
    }

    @Override
    public int buy(String item, int quantity) throws OutOfStock {
        if (quantity > 10) {
            throw new OutOfStock(item, quantity - 10);
        }
        return quantity;
    }

    @Override
    public String client() throws RemoteException {
        try {
            return clientHost.get();
        } catch (Exception e) {
            throw new RemoteException("no client host", e);
        }
    }
}
