package io.mobula.bench.ranks;

import io.mobula.pool.Pool;
import io.mobula.rmi.Rmi;
import java.rmi.Remote;

/** What every rank program does before it measures. */
public final class Ranks {
    private Ranks() {
    }

    /**
     * Calls every other rank until its calls travel over {@code transport} (shm follows the first HELLOs), at most
     * 20 s; {@code peers[r]} is rank r's object.
     */
    public static void awaitTransport(Pool pool, Pingable[] peers, String transport) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        for (int r = 0; r < peers.length; r++) {
            if (r == pool.rank()) {
                continue;
            }
            while (true) {
                if (peers[r].ping() != r) {
                    throw new IllegalStateException("rank " + r + "'s peer answered with another rank");
                }
                String t = Rmi.transportOf((Remote) peers[r]);
                if (transport.equals(t)) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("rank " + pool.rank() + ": calls to rank " + r + " travel over "
                            + t + ", not " + transport);
                }
                Thread.sleep(1);
            }
        }
    }
}
