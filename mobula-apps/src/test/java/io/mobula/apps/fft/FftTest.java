package io.mobula.apps.fft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.apps.AppSettings;
import org.junit.jupiter.api.Test;

/** The transpose algorithm against the DFT by its definition, and the pieces of a transpose. */
class FftTest {
    @Test
    void transposeAlgorithmEqualsTheDefinition() {
        for (int log2n : new int[] {2, 4, 6, 8}) {
            Fft.Problem p = Fft.problem(log2n, 3);
            int side = p.side();
            int n = side * side;
            double[] x = new double[2 * n];
            for (int i = 0; i < side; i++) {
                System.arraycopy(Fft.inputRow(p, i), 0, x, 2 * side * i, 2 * side);
            }
            double[][] got = Fft.solve(p);
            for (int k = 0; k < n; k++) {
                double re = 0;
                double im = 0;
                for (int j = 0; j < n; j++) {
                    double a = -2 * Math.PI * (((long) j * k) % n) / n;
                    re += x[2 * j] * Math.cos(a) - x[2 * j + 1] * Math.sin(a);
                    im += x[2 * j] * Math.sin(a) + x[2 * j + 1] * Math.cos(a);
                }
                double[] row = got[k / side];
                assertEquals(re, row[2 * (k % side)], 1e-9 * n, "re of point " + k + " of " + n);
                assertEquals(im, row[2 * (k % side) + 1], 1e-9 * n, "im of point " + k + " of " + n);
            }
        }
    }

    @Test
    void piecesFromBlocksMakeTheTranspose() {
        Fft.Problem p = Fft.problem(6, 1);
        int side = p.side();
        double[][] m = new double[side][];
        for (int i = 0; i < side; i++) {
            m[i] = Fft.inputRow(p, i);
        }
        int size = 3;
        for (int q = 0; q < size; q++) {
            int qlo = Fft.lo(side, size, q);
            int qhi = Fft.lo(side, size, q + 1);
            double[][] t = new double[qhi - qlo][2 * side];
            for (int r = 0; r < size; r++) {
                int rlo = Fft.lo(side, size, r);
                int rhi = Fft.lo(side, size, r + 1);
                double[][] block = java.util.Arrays.copyOfRange(m, rlo, rhi);
                Fft.place(t, Fft.piece(block, qlo, qhi), rlo, rhi);
            }
            for (int c = qlo; c < qhi; c++) {
                for (int i = 0; i < side; i++) {
                    assertArrayEquals(new double[] {m[i][2 * c], m[i][2 * c + 1]},
                            new double[] {t[c - qlo][2 * i], t[c - qlo][2 * i + 1]});
                }
            }
        }
    }

    @Test
    void piecesCutIntoChunksMakeTheSameTranspose() {
        Fft.Problem p = Fft.problem(8, 2);
        int side = p.side();
        double[][] m = new double[side][];
        for (int i = 0; i < side; i++) {
            m[i] = Fft.inputRow(p, i);
        }
        for (int size : new int[] {1, 2, 3, 5}) {
            for (long bound : new long[] {1, 100, 300, 1000, 1 << 20}) {
                for (int q = 0; q < size; q++) {
                    int qlo = Fft.lo(side, size, q);
                    int qhi = Fft.lo(side, size, q + 1);
                    double[][] whole = new double[qhi - qlo][2 * side];
                    double[][] cut = new double[qhi - qlo][2 * side];
                    for (int r = 0; r < size; r++) {
                        int rlo = Fft.lo(side, size, r);
                        int rhi = Fft.lo(side, size, r + 1);
                        double[][] block = java.util.Arrays.copyOfRange(m, rlo, rhi);
                        double[] piece = Fft.piece(block, qlo, qhi);
                        Fft.place(whole, piece, rlo, rhi);
                        double[][] chunks = FftPieces.cut(block, qlo, qhi, bound);
                        int per = FftPieces.columnsPerChunk(rhi - rlo, bound);
                        String what = size + " ranks, bound " + bound + ", rank " + r + " to " + q;
                        assertEquals(Math.max(1, (qhi - qlo + per - 1) / per), chunks.length, what);
                        double[] joined = new double[0];
                        for (double[] c : chunks) {
                            assertTrue(c.length <= Math.max(bound / 8, 2 * (rhi - rlo)), what); // one column at least
                            int at = joined.length;
                            joined = java.util.Arrays.copyOf(joined, at + c.length);
                            System.arraycopy(c, 0, joined, at, c.length);
                        }
                        assertArrayEquals(piece, joined, "the chunks are the piece, in order: " + what);
                        FftPieces.place(cut, chunks, rlo, rhi);
                    }
                    assertArrayEquals(whole, cut, size + " ranks, bound " + bound + ", rank " + q);
                }
            }
        }
    }

    @Test
    void aPieceWithinTheBoundIsOneChunk() {
        Fft.Problem p = Fft.problem(8, 2);
        double[][] rows = {Fft.inputRow(p, 0), Fft.inputRow(p, 1)};
        double[][] chunks = FftPieces.cut(rows, 0, 16, 16 * 2 * 16);
        assertEquals(1, chunks.length);
        assertArrayEquals(Fft.piece(rows, 0, 16), chunks[0]);
        assertEquals(2, FftPieces.cut(rows, 0, 16, 16 * 2 * 16 - 1).length);
        assertEquals(1, FftPieces.cut(new double[0][], 0, 16, 1).length, "a rank without rows sends one empty chunk");
        assertEquals(8L << 20, AppSettings.defaults().fftChunkBytes(), "8 MiB unless set");
    }

    @Test
    void oddPowersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Fft.problem(7, 1));
    }
}
