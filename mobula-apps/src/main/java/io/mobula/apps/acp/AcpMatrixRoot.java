package io.mobula.apps.acp;

import io.mobula.repmi.CloudObject;

/** The replicated {@link AcpMatrix}: an {@link AcpLog}, waking the blocked readers on every change. */
public class AcpMatrixRoot extends CloudObject implements AcpMatrix {
    private final AcpLog log;

    public AcpMatrixRoot(int ranks) {
        this.log = new AcpLog(ranks);
    }

    @Override
    public synchronized void restrict(int rank, int[] cells) {
        log.restrict(rank, cells);
        cloudNotifyAll();
    }

    @Override
    public synchronized void passive(int rank, int read) {
        if (log.passive(rank, read)) {
            cloudNotifyAll();
        }
    }

    @Override
    public synchronized void emptied(int rank) {
        log.emptied(rank);
        cloudNotifyAll();
    }

    @Override
    public synchronized int count() {
        return log.count();
    }

    @Override
    public synchronized int end() {
        return log.end();
    }

    @Override
    public synchronized int[][] batches(int rank, int from, int to) {
        return log.batches(rank, from, to);
    }

    @Override
    public synchronized int await(int from, long timeoutMillis) throws InterruptedException {
        while (!log.news(from)) {
            cloudWait(timeoutMillis);
        }
        return log.count();
    }
}
