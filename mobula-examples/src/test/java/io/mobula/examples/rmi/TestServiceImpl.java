package io.mobula.examples.rmi;

import io.mobula.rmi.Rmi;
import java.lang.ref.WeakReference;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/** The server side of {@link TestService}. */
public class TestServiceImpl implements TestService {
    private final AtomicInteger recorded = new AtomicInteger();
    private final List<WeakReference<CounterImpl>> counters = new ArrayList<>();

    static final class CounterImpl implements Counter {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public int increment() {
            return n.incrementAndGet();
        }
    }

    @Override
    public void ping() {
    }

    @Override
    public int add(int a, int b) {
        return a + b;
    }

    @Override
    public boolean not(boolean v) {
        return !v;
    }

    @Override
    public byte negate(byte v) {
        return (byte) -v;
    }

    @Override
    public short twice(short v) {
        return (short) (v * 2);
    }

    @Override
    public char next(char c) {
        return (char) (c + 1);
    }

    @Override
    public long square(long v) {
        return v * v;
    }

    @Override
    public float half(float v) {
        return v / 2;
    }

    @Override
    public double sum(double a, float b, long c, int d, short e, byte f, char g, boolean h) {
        return a + b + c + d + e + f + g + (h ? 1 : 0);
    }

    @Override
    public String concat(String a, String b) {
        return a + b;
    }

    @Override
    public int[] reverse(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[a.length - 1 - i];
        }
        return r;
    }

    @Override
    public double[] scale(double[] a, double f) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    @Override
    public byte[] echoBytes(byte[] b) {
        return b;
    }

    @Override
    public Object echo(Object o) {
        return o;
    }

    @Override
    public Node echoGraph(Node n) {
        return n;
    }

    @Override
    public List<String> upper(List<String> in) {
        return in.stream().map(String::toUpperCase).toList();
    }

    @Override
    public Map<String, Integer> lengths(List<String> in) {
        Map<String, Integer> m = new LinkedHashMap<>();
        in.forEach(s -> m.put(s, s.length()));
        return m;
    }

    @Override
    public Integer boxed(Integer v) {
        return v == null ? null : v + 1;
    }

    @Override
    public void fail(String message) throws AppException {
        throw new AppException(message);
    }

    @Override
    public void withdraw(String account, long amount) throws InsufficientFundsException {
        long balance = 100;
        if (amount > balance) {
            throw new InsufficientFundsException(account, amount - balance,
                    new IllegalStateException("balance of " + account + " is " + balance));
        }
    }

    @Override
    public int crash() {
        throw new IllegalStateException("crashed on purpose");
    }

    @Override
    public int callBack(Callback cb, int n) throws RemoteException {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += cb.onValue(i);
        }
        return sum;
    }

    @Override
    public Counter newCounter() {
        CounterImpl c = new CounterImpl();
        synchronized (counters) {
            counters.add(new WeakReference<>(c));
        }
        return c; // travels as a stub: exported implicitly, kept while the caller holds a lease
    }

    @Override
    public int exportedCounters() {
        System.gc();
        synchronized (counters) {
            int n = 0;
            for (WeakReference<CounterImpl> w : counters) {
                CounterImpl c = w.get();
                if (c != null && Rmi.isExported(c)) {
                    n++;
                }
            }
            return n;
        }
    }

    @Override
    public void record(int v) {
        recorded.addAndGet(v);
    }

    @Override
    public int recordedSum() {
        return recorded.get();
    }

    @Override
    public CompletableFuture<String> later(String s, int millis) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return s.toUpperCase();
        });
    }

    @Override
    public void sleep(int millis) throws RemoteException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final java.util.concurrent.Semaphore signals = new java.util.concurrent.Semaphore(0);

    @Override
    public boolean awaitSignal(int millis) {
        try {
            return signals.tryAcquire(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void signal() {
        signals.release();
    }
}
