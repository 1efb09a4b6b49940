package io.mobula.apps.fft;

import io.mobula.apps.Faults;
import io.mobula.apps.RankContext;

/** What every parallel FFT version shares: the steps on a block of rows, with the version's all-to-all. */
final class FftRanks {
    /** How a version moves the pieces of one transpose. */
    interface AllToAll {
        /**
         * Sends {@code pieces[q]}, the chunks of the piece for rank q ({@link FftPieces}), to rank q (the own piece
         * included); returns the chunks received, by sender.
         */
        double[][][] exchange(int phase, double[][][] pieces) throws Exception;
    }

    private FftRanks() {
    }

    /** This rank's share, its pieces cut into chunks of at most {@code chunkBytes}; returns its rows of the result. */
    static double[][] run(RankContext<Fft.Problem> ctx, long chunkBytes, AllToAll all) throws Exception {
        Fft.Problem p = ctx.problem();
        int side = p.side();
        int size = ctx.size();
        int me = ctx.rank();
        int lo = Fft.lo(side, size, me);
        int hi = Fft.lo(side, size, me + 1);
        ctx.startPhase(); // generating the input is timed, as it is in the sequential version
        double[][] rows = new double[hi - lo][];
        for (int i = lo; i < hi; i++) {
            rows[i - lo] = Fft.inputRow(p, i);
        }
        rows = transpose(ctx, chunkBytes, all, 0, rows);
        for (int i = 0; i < rows.length; i++) {
            Fft.fftRow(p, rows[i]);
            Fft.twiddle(p, rows[i], lo + i);
        }
        rows = transpose(ctx, chunkBytes, all, 1, rows);
        for (double[] row : rows) {
            Fft.fftRow(p, row);
        }
        rows = transpose(ctx, chunkBytes, all, 2, rows);
        ctx.endPhase();
        if (rows.length > 0) {
            Faults.corrupt(ctx, rows[0]);
        }
        return rows;
    }

    private static double[][] transpose(RankContext<Fft.Problem> ctx, long chunkBytes, AllToAll all, int phase,
            double[][] rows) throws Exception {
        int side = ctx.problem().side();
        int size = ctx.size();
        double[][][] pieces = new double[size][][];
        for (int q = 0; q < size; q++) {
            pieces[q] = FftPieces.cut(rows, Fft.lo(side, size, q), Fft.lo(side, size, q + 1), chunkBytes);
        }
        double[][][] got = all.exchange(phase, pieces);
        double[][] t = new double[rows.length][2 * side];
        for (int r = 0; r < size; r++) {
            FftPieces.place(t, got[r], Fft.lo(side, size, r), Fft.lo(side, size, r + 1));
        }
        return t;
    }
}
