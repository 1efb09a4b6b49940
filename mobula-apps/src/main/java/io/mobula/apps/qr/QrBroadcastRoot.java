package io.mobula.apps.qr;

import io.mobula.repmi.CloudObject;

/**
 * H by step. QR is synchronous, so H of step j - 2 is no longer needed when step j's arrives (every rank has used it
 * before it joined the reduce-to-all of step j - 1): storing drops it, and the replicas stay small (thesis 4.4.4).
 */
public class QrBroadcastRoot extends CloudObject implements QrBroadcast {
    private final double[][] hs;

    public QrBroadcastRoot(int steps) {
        hs = new double[steps][];
    }

    @Override
    public synchronized void store(int j, double[] h) {
        hs[j] = h;
        if (j >= 2) {
            hs[j - 2] = null;
        }
        cloudNotifyAll(); // the readers waiting for step j
    }

    @Override
    public synchronized double[] retrieve(int j, long timeoutMillis) throws InterruptedException {
        while (hs[j] == null) {
            cloudWait(timeoutMillis);
        }
        return hs[j];
    }
}
