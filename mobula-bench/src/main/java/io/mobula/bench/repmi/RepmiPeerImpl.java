package io.mobula.bench.repmi;

import io.mobula.bench.ranks.Acks;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@link RepmiPeer} of one rank: its ordinary {@link CounterRoot} (the baselines' replica), the acknowledgements
 * its writer counts, the binomial tree rooted at the writer, and the first failure seen on a runtime thread.
 */
final class RepmiPeerImpl implements RepmiPeer {
    final int rank;
    final int size;
    final int writer;
    final Acks acks;
    final CounterRoot local = new CounterRoot();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private volatile RepmiPeer[] peers;
    /** raw-broadcast: acknowledge once this many sets (arrays) are applied; 0 when no acknowledgement is due. */
    private int ackSets;
    private int ackArrays;

    RepmiPeerImpl(int rank, int size, int writer, long timeoutMillis) {
        this.rank = rank;
        this.size = size;
        this.writer = writer;
        this.acks = new Acks(rank, timeoutMillis);
    }

    void peers(RepmiPeer[] peers) {
        this.peers = peers;
    }

    RepmiPeer peer(int r) {
        return peers[r];
    }

    /**
     * The children of {@code r} in the binomial tree over all ranks rooted at the writer, the largest subtree first:
     * with {@code rel} = r's distance from the writer, rel + m for every power of two m > rel with rel + m < size.
     */
    static List<Integer> children(int r, int writer, int size) {
        int rel = Math.floorMod(r - writer, size);
        List<Integer> out = new ArrayList<>();
        for (int m = Integer.highestOneBit(Math.max(1, size - 1)) << 1; m > rel && m >= 1; m >>= 1) {
            if (rel + m < size) {
                out.add((rel + m + writer) % size);
            }
        }
        return out;
    }

    void error(String what) {
        firstError.compareAndSet(null, what);
    }

    /** The first failure on a runtime thread since the last call, or null; clears it. */
    String takeError() {
        return firstError.getAndSet(null);
    }

    /** Acknowledges to the writer (a one-way call, or a local count at the writer). */
    void ackWriter() {
        if (rank == writer) {
            acks.ack();
            return;
        }
        try {
            peers[writer].ack(rank);
        } catch (RemoteException e) {
            error("rank " + rank + " could not acknowledge to the writer: " + e);
        }
    }

    @Override
    public int ping() {
        return rank;
    }

    @Override
    public void ack(int from) {
        acks.ack();
    }

    @Override
    public void set(int v) {
        local.set(v);
    }

    @Override
    public void putBytes(byte[] b) {
        local.putBytes(b);
    }

    @Override
    public void putDoubles(double[] d) {
        local.putDoubles(d);
    }

    /** A forwarding step of the tree: the calls to the children, the update here, the subtree's count. */
    private interface Forward {
        CompletableFuture<Integer> to(RepmiPeer child) throws RemoteException;
    }

    CompletableFuture<Integer> tree(Forward forward, Runnable apply) throws RemoteException {
        List<CompletableFuture<Integer>> fs = new ArrayList<>();
        for (int c : children(rank, writer, size)) {
            fs.add(forward.to(peers[c]));
        }
        apply.run();
        if (fs.isEmpty()) {
            return CompletableFuture.completedFuture(1);
        }
        return CompletableFuture.allOf(fs.toArray(CompletableFuture[]::new)).thenApply(x -> {
            int n = 1;
            for (CompletableFuture<Integer> f : fs) {
                n += f.join();
            }
            return n;
        });
    }

    @Override
    public CompletableFuture<Integer> treeSet(int v) throws RemoteException {
        return tree(p -> p.treeSet(v), () -> local.set(v));
    }

    @Override
    public CompletableFuture<Integer> treePutBytes(byte[] b) throws RemoteException {
        return tree(p -> p.treePutBytes(b), () -> local.putBytes(b));
    }

    @Override
    public CompletableFuture<Integer> treePutDoubles(double[] d) throws RemoteException {
        return tree(p -> p.treePutDoubles(d), () -> local.putDoubles(d));
    }

    @Override
    public void rawSet(int v, boolean ack) {
        boolean due;
        synchronized (this) {
            local.set(Math.max(v, local.get()));
            if (ack) {
                ackSets = v;
            }
            due = ackSets > 0 && local.sets() >= ackSets;
            if (due) {
                ackSets = 0;
            }
        }
        if (due) {
            ackWriter();
        }
    }

    @Override
    public void rawPutBytes(byte[] b, int seq, boolean ack) {
        local.putBytes(b);
        rawArrayApplied(seq, ack);
    }

    @Override
    public void rawPutDoubles(double[] d, int seq, boolean ack) {
        local.putDoubles(d);
        rawArrayApplied(seq, ack);
    }

    private void rawArrayApplied(int seq, boolean ack) {
        boolean due;
        synchronized (this) {
            if (ack) {
                ackArrays = seq;
            }
            due = ackArrays > 0 && local.arrays() >= ackArrays;
            if (due) {
                ackArrays = 0;
            }
        }
        if (due) {
            ackWriter();
        }
    }
}
