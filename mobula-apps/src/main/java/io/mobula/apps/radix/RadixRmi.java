package io.mobula.apps.radix;

import io.mobula.rmi.NonBlocking;
import io.mobula.apps.Faults;
import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Arrays;

/**
 * Radix sort over RMI: {@code ./mobula run --np N io.mobula.apps.radix.RadixRmi [SIZE]}. In every pass each rank
 * sends its histogram to every other rank by one-way RMI (the histogram merge), computes from all of them where
 * each of its keys goes, and sends every other rank the keys that land in its block, in chunks of at most
 * {@link #CHUNK} keys (thesis 2.5.3). A receiver knows from the histograms how many keys each rank sends it, so no
 * end marker is needed.
 */
public final class RadixRmi extends Parallel<int[]> implements RadixNode {
    /** Keys per RMI of the key exchange. */
    static final int CHUNK = 1 << 18;
    private final Mailbox histograms = new Mailbox();
    private final Mailbox chunks = new Mailbox();

    public static void main(String[] args) {
        KernelMain.parallel(RadixKernel.INSTANCE, "rmi", args, new RadixRmi());
    }

    @Override
    protected Remote service(int[] problem) {
        return this;
    }

    private static long key(int pass, int from, int chunk) {
        return ((long) pass << 44) | ((long) from << 24) | chunk;
    }

    @Override
    protected Serializable run(RankContext<int[]> ctx) throws Exception {
        Pool pool = ctx.pool();
        histograms.watch(ctx);
        chunks.watch(ctx);
        int n = ctx.problem().length;
        int size = ctx.size();
        int me = ctx.rank();
        int lo = Radix.lo(n, size, me);
        int hi = Radix.lo(n, size, me + 1);
        int[] mine = Arrays.copyOfRange(ctx.problem(), lo, hi);
        ctx.startPhase();
        for (int pass = 0; pass < Radix.PASSES; pass++) {
            int[][] h = new int[size][];
            h[me] = Radix.histogram(mine, pass);
            for (int r = 0; r < size; r++) {
                if (r != me) {
                    try {
                        pool.service(r, RadixNode.class).histogram(pass, me, h[me]);
                    } catch (RemoteException e) {
                        throw pool.lost(r, e);
                    }
                }
            }
            for (int r = 0; r < size; r++) {
                if (r != me) {
                    h[r] = (int[]) histograms.take(key(pass, r, 0), "the histogram of rank " + r + " in pass "
                            + pass);
                }
            }
            long[][] first = Radix.firstPositions(h);
            int[][] out = destinations(mine, pass, h, first, n, size, me);
            int[] next = new int[hi - lo];
            place(out[me], lo, next);
            for (int r = 0; r < size; r++) {
                if (r != me) {
                    send(pool, r, pass, out[r]);
                }
            }
            for (int r = 0; r < size; r++) {
                if (r == me) {
                    continue;
                }
                int expected = Radix.incoming(h, first, r, lo, hi);
                for (int c = 0; c * CHUNK < expected; c++) {
                    place((int[]) chunks.take(key(pass, r, c), "chunk " + c + " of the keys of rank " + r
                            + " in pass " + pass), lo, next);
                }
            }
            mine = next;
        }
        ctx.endPhase();
        return RadixKernel.rows(Faults.corrupt(ctx, mine));
    }

    /** This rank's keys as (position, key) pairs, by the rank owning the position. */
    private static int[][] destinations(int[] keys, int pass, int[][] h, long[][] first, int n, int size, int me) {
        int[][] out = new int[size][];
        int[] filled = new int[size];
        for (int r = 0; r < size; r++) {
            out[r] = new int[2 * Radix.incoming(h, first, me, Radix.lo(n, size, r), Radix.lo(n, size, r + 1))];
        }
        int[] at = new int[Radix.BUCKETS];
        for (int d = 0; d < Radix.BUCKETS; d++) {
            at[d] = (int) first[d][me];
        }
        for (int k : keys) {
            int pos = at[Radix.digit(k, pass)]++;
            int r = Radix.owner(n, size, pos);
            out[r][filled[r]++] = pos;
            out[r][filled[r]++] = k;
        }
        return out;
    }

    private static void place(int[] pairs, int lo, int[] next) {
        for (int i = 0; i < pairs.length; i += 2) {
            next[pairs[i] - lo] = pairs[i + 1];
        }
    }

    private void send(Pool pool, int r, int pass, int[] pairs) throws Exception {
        for (int c = 0; 2L * c * CHUNK < pairs.length; c++) {
            int[] chunk = Arrays.copyOfRange(pairs, 2 * c * CHUNK, Math.min(pairs.length, 2 * (c + 1) * CHUNK));
            try {
                pool.service(r, RadixNode.class).keys(pass, pool.rank(), c, chunk);
            } catch (RemoteException e) {
                throw pool.lost(r, e);
            }
        }
    }

    @Override
    @NonBlocking // a put into the mailbox: runs on the receive thread, no hand-off
    public void histogram(int pass, int from, int[] h) {
        histograms.put(key(pass, from, 0), h);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs on the receive thread, no hand-off
    public void keys(int pass, int from, int chunk, int[] pairs) {
        chunks.put(key(pass, from, chunk), pairs);
    }
}
