package io.mobula.apps.npb;

import io.mobula.apps.Mailbox;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolException;
import java.rmi.RemoteException;

/**
 * The collectives over RMI: every operation is one one-way RMI from every rank to every other (P(P-1) per
 * operation), each rank starting with a different partner; a reduction adds the ranks' contributions in rank order,
 * so every rank gets the same bits. The rank exports this object as its pool service before it joins.
 */
public final class RmiExchange implements Exchange, NpbNode {
    private final Mailbox box = new Mailbox();
    private volatile Pool pool;
    /** The pool's size, set before any data can arrive (a kernel's phase starts with a barrier). */
    private volatile int ranks;
    private int step;

    /** Connects this exchange to the pool of {@code ctx}, before the first operation. */
    public void attach(RankContext<?> ctx) {
        Pool p = ctx.pool();
        pool = p;
        ranks = p.size();
        box.watch(ctx);
    }

    @Override
    public double[] sum(double[] v) throws PoolException {
        double[][] all = exchangeDoubles(v);
        double[] s = new double[v.length];
        for (double[] part : all) {
            for (int i = 0; i < s.length; i++) {
                s[i] += part[i];
            }
        }
        return s;
    }

    @Override
    public int[] sum(int[] v) throws PoolException {
        int[][] pieces = new int[ranks][];
        java.util.Arrays.fill(pieces, v);
        int[][] all = allToAll(pieces);
        int[] s = new int[v.length];
        for (int[] part : all) {
            for (int i = 0; i < s.length; i++) {
                s[i] += part[i];
            }
        }
        return s;
    }

    @Override
    public double[] gather(double[] piece) throws PoolException {
        double[][] all = exchangeDoubles(piece);
        int n = 0;
        for (double[] part : all) {
            n += part.length;
        }
        double[] out = new double[n];
        int at = 0;
        for (double[] part : all) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    @Override
    public int[][] allToAll(int[][] pieces) throws PoolException {
        int s = step++;
        int me = pool.rank();
        for (int i = 1; i < ranks; i++) {
            int q = (me + i) % ranks;
            try {
                pool.service(q, NpbNode.class).putInts(s, me, pieces[q]);
            } catch (RemoteException e) {
                throw pool.lost(q, e);
            }
        }
        int[][] in = new int[ranks][];
        for (int r = 0; r < ranks; r++) {
            in[r] = r == me ? pieces[me] : (int[]) box.take(key(s, r), "operation " + s + " of rank " + r);
        }
        return in;
    }

    private double[][] exchangeDoubles(double[] v) throws PoolException {
        int s = step++;
        int me = pool.rank();
        for (int i = 1; i < ranks; i++) {
            int q = (me + i) % ranks;
            try {
                pool.service(q, NpbNode.class).putDoubles(s, me, v);
            } catch (RemoteException e) {
                throw pool.lost(q, e);
            }
        }
        double[][] in = new double[ranks][];
        for (int r = 0; r < ranks; r++) {
            in[r] = r == me ? v : (double[]) box.take(key(s, r), "operation " + s + " of rank " + r);
        }
        return in;
    }

    private long key(int s, int from) {
        return (long) s * ranks + from;
    }

    @Override
    public void putDoubles(int s, int from, double[] v) {
        box.put(key(s, from), v);
    }

    @Override
    public void putInts(int s, int from, int[] v) {
        box.put(key(s, from), v);
    }
}
