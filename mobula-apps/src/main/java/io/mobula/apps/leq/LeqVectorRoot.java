package io.mobula.apps.leq;

import io.mobula.repmi.CloudObject;

/**
 * Two iterations' vectors, by the parity of the iteration: no rank can put iteration i + 2 before every rank has
 * read iteration i, since it needs everyone's block of i + 1, which each puts only after reading i. {@code result}
 * is a blocking read (docs/REPMI.md, "Blocking reads"): the put that completes an iteration wakes its readers.
 */
public class LeqVectorRoot extends CloudObject implements LeqVector {
    private final double[][] x;
    private final int[] iteration;
    private final int[] count;
    private final int ranks;

    public LeqVectorRoot(int n, int ranks) {
        this.x = new double[2][n + 1];
        this.iteration = new int[2];
        this.count = new int[2];
        this.ranks = ranks;
    }

    @Override
    public synchronized void put(int it, int lo, double[] block, double delta) {
        int s = it & 1;
        double[] v = x[s];
        if (iteration[s] != it) {
            iteration[s] = it;
            count[s] = 0;
            v[v.length - 1] = 0;
        }
        System.arraycopy(block, 0, v, lo, block.length);
        v[v.length - 1] = Math.max(v[v.length - 1], delta);
        if (++count[s] == ranks) {
            cloudNotifyAll(); // the readers waiting for this iteration
        }
    }

    @Override
    public synchronized double[] result(int it, long timeoutMillis) throws InterruptedException {
        int s = it & 1;
        while (iteration[s] != it || count[s] != ranks) {
            cloudWait(timeoutMillis);
        }
        return x[s];
    }
}
