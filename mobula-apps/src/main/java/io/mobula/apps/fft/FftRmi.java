package io.mobula.apps.fft;

import io.mobula.apps.KernelMain;
import io.mobula.apps.Mailbox;
import io.mobula.apps.Parallel;
import io.mobula.apps.RankContext;
import io.mobula.pool.Pool;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * FFT over RMI: {@code ./mobula run --np N io.mobula.apps.fft.FftRmi [SIZE]}. Each transpose is a personalized
 * all-to-all: an RMI between every pair of ranks (thesis 2.5.3, 5.5.2), several for a piece over the bound on one call
 * (8 MiB by default, {@code -Dmobula.apps.fft.chunkBytes}).
 */
public final class FftRmi extends Parallel<Fft.Problem> implements FftNode {
    private final Mailbox pieces = new Mailbox();
    /** The pool's size, set before any piece can arrive (the start of the phase is a barrier). */
    private volatile int ranks;

    public static void main(String[] args) {
        KernelMain.parallel(FftKernel.INSTANCE, "rmi", args, new FftRmi());
    }

    @Override
    protected Remote service(Fft.Problem problem) {
        return this;
    }

    @Override
    protected Serializable run(RankContext<Fft.Problem> ctx) throws Exception {
        Pool pool = ctx.pool();
        pieces.watch(ctx);
        int size = pool.size();
        int me = pool.rank();
        ranks = size;
        return FftRanks.run(ctx, ctx.settings().fftChunkBytes(), (phase, out) -> {
            for (int i = 1; i < size; i++) {
                int q = (me + i) % size; // everyone starts with a different partner
                FftNode node = pool.service(q, FftNode.class);
                try {
                    for (int k = 0; k < out[q].length; k++) { // one call unless the piece is over the bound
                        node.put(phase, me, k, out[q].length, out[q][k]);
                    }
                } catch (RemoteException e) {
                    throw pool.lost(q, e);
                }
            }
            double[][][] in = new double[size][][];
            in[me] = out[me];
            for (int r = 0; r < size; r++) {
                if (r != me) {
                    in[r] = FftPieces.take(pieces, phase, size, r);
                }
            }
            return in;
        });
    }

    @Override
    public void put(int phase, int from, int chunk, int chunks, double[] piece) {
        pieces.put(FftPieces.key(phase, ranks, from, chunk), new FftPieces.Chunk(chunks, piece));
    }
}
