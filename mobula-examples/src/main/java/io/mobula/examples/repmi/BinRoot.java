package io.mobula.examples.repmi;

import io.mobula.repmi.CloudObject;

/**
 * The thesis's Bin (Figure 4.11) with replication-aware waits: {@code put} and {@code get} are writes that may block,
 * and the replicas schedule them identically (thesis 4.2.2).
 */
public class BinRoot extends CloudObject implements Bin {
    private boolean filled;
    private int value;
    private int count;

    @Override
    public synchronized int get() {
        try {
            while (!filled) {
                cloudWait();
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException("replica shut down", e);
        }
        filled = false;
        cloudNotifyAll();
        return value;
    }

    @Override
    public synchronized void put(int i) {
        try {
            while (filled) {
                cloudWait();
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException("replica shut down", e);
        }
        value = i;
        filled = true;
        count++;
        cloudNotifyAll();
    }

    @Override
    public synchronized int count() {
        return count;
    }
}
