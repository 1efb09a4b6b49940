package io.mobula.apps.asp;

import io.mobula.repmi.CloudObject;

/**
 * The replicated rows of thesis Figure 4.16. {@code retrieve} is a blocking read: it waits in {@code cloudWait} on
 * the local replica until {@code store}, a write, has put row k there and notified; it changes nothing, so it runs
 * locally and is never broadcast (thesis 4.2.2). As in the thesis (4.4.2) rows are never removed: taking one out in
 * {@code retrieve} would make it a write. Unlike the thesis's wait, this one is bounded.
 */
public class AspBroadcastRoot extends CloudObject implements AspBroadcast {
    private final int[][] tab;

    public AspBroadcastRoot(int n) {
        tab = new int[n][];
    }

    @Override
    public synchronized void store(int k, int[] row) {
        tab[k] = row;
        cloudNotifyAll();
    }

    @Override
    public synchronized int[] retrieve(int k, long timeoutMillis) throws InterruptedException {
        while (tab[k] == null) {
            cloudWait(timeoutMillis);
        }
        return tab[k];
    }
}
