package io.mobula.repmi.rows;

import io.mobula.repmi.CloudObject;

/** The row store; {@code retrieve} is the thesis's (Figure 4.16), catching every exception of its wait. */
public class RowsRoot extends CloudObject implements Rows {
    private final int[][] tab;
    private int stored;

    public RowsRoot(int n) {
        tab = new int[n][];
    }

    @Override
    public synchronized void store(int k, int[] row) {
        tab[k] = row;
        stored++;
        cloudNotifyAll();
    }

    @Override
    public synchronized int[] retrieve(int k) {
        while (tab[k] == null) {
            try {
                cloudWait();
            } catch (Exception e) {
                // as the thesis: a timeout or a stop is no Exception, so it still ends the read
            }
        }
        return tab[k];
    }

    @Override
    public synchronized int[] retrieveWithin(int k, long timeoutMillis) {
        while (tab[k] == null) {
            try {
                cloudWait(timeoutMillis);
            } catch (Exception e) {
                // ignored, as above
            }
        }
        return tab[k];
    }

    @Override
    public synchronized int[] take(int k) {
        while (tab[k] == null) {
            try {
                cloudWait();
            } catch (InterruptedException e) {
                throw new IllegalStateException("replica shut down", e);
            }
        }
        int[] row = tab[k];
        tab[k] = null;
        return row;
    }

    @Override
    public synchronized void storeAfterATimedWait(int k, int[] row) {
        pause();
        store(k, row);
    }

    /** A read by itself (it waits with a timeout, which a read may); reached from a write it must fail. */
    private void pause() {
        try {
            cloudWait(10);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized int stored() {
        return stored;
    }
}
