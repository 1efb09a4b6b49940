package io.mobula.apps.asp;

import io.mobula.repmi.CloudObject;

/**
 * The replicated rows. As in the thesis (4.4.2) rows are never removed: taking one out in {@code retrieve} would
 * make it a write. Unlike the thesis's version {@code retrieve} does not wait: a read may not block in RepMI, so the
 * reader polls its replica.
 */
public class AspBroadcastRoot extends CloudObject implements AspBroadcast {
    private final int[][] tab;

    public AspBroadcastRoot(int n) {
        tab = new int[n][];
    }

    @Override
    public synchronized void store(int k, int[] row) {
        tab[k] = row;
    }

    @Override
    public synchronized int[] retrieve(int k) {
        return tab[k];
    }
}
