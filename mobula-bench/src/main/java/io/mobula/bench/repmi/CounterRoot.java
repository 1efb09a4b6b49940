package io.mobula.bench.repmi;

import io.mobula.repmi.CloudObject;

/**
 * The root of the benchmark cloud, and the ordinary object the RMI baselines update in every process (outside a cloud
 * a cloud object is a plain object).
 */
public class CounterRoot extends CloudObject implements Counter {
    private int value;
    private int sets;
    private long history;
    private int arrays;
    private long arrayBytes;
    private int bad;

    /** Value 0, nothing applied. */
    public CounterRoot() {
    }

    @Override
    public synchronized int get() {
        return value;
    }

    @Override
    public synchronized void set(int v) {
        value = v;
        sets++;
        history = history * 1_000_003L + v;
        cloudNotifyAll(); // blocking reads waiting on this replica (one volatile read when none waits)
    }

    @Override
    public synchronized void putBytes(byte[] b) {
        arrays++;
        arrayBytes += b.length;
        if (b.length == 0 || b[0] != b[b.length - 1]) {
            bad++;
        }
        cloudNotifyAll();
    }

    @Override
    public synchronized void putDoubles(double[] d) {
        arrays++;
        arrayBytes += 8L * d.length;
        if (d.length == 0 || d[0] != d[d.length - 1]) {
            bad++;
        }
        cloudNotifyAll();
    }

    @Override
    public synchronized int sets() {
        return sets;
    }

    @Override
    public synchronized long history() {
        return history;
    }

    @Override
    public synchronized int arrays() {
        return arrays;
    }

    @Override
    public synchronized long arrayBytes() {
        return arrayBytes;
    }

    @Override
    public synchronized int bad() {
        return bad;
    }

    @Override
    public synchronized void awaitValue(int atLeast, long timeoutMillis) throws InterruptedException {
        while (value < atLeast) {
            cloudWait(timeoutMillis);
        }
    }

    @Override
    public synchronized void awaitArrays(int count, long timeoutMillis) throws InterruptedException {
        while (arrays < count) {
            cloudWait(timeoutMillis);
        }
    }
}
