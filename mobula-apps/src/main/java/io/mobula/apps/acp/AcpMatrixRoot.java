package io.mobula.apps.acp;

import io.mobula.repmi.CloudObject;

/**
 * Two rounds' removals, by the parity of the round: no rank can write round r + 2 before every rank has read round
 * r, since it needs every rank's cells of r + 1, which each writes only after reading r.
 */
public class AcpMatrixRoot extends CloudObject implements AcpMatrix {
    private final int[][][] cells;
    private final int[] round;
    private final int[] count;

    public AcpMatrixRoot(int ranks) {
        this.cells = new int[2][ranks][];
        this.round = new int[2];
        this.count = new int[2];
    }

    @Override
    public synchronized void restrict(int r, int rank, int[] removed) {
        int s = r & 1;
        if (round[s] != r) {
            round[s] = r;
            count[s] = 0;
            java.util.Arrays.fill(cells[s], null);
        }
        cells[s][rank] = removed;
        if (++count[s] == cells[s].length) {
            cloudNotifyAll(); // the readers waiting for this round
        }
    }

    @Override
    public synchronized int[][] removed(int r, long timeoutMillis) throws InterruptedException {
        int s = r & 1;
        while (round[s] != r || count[s] != cells[s].length) {
            cloudWait(timeoutMillis);
        }
        return cells[s].clone();
    }
}
