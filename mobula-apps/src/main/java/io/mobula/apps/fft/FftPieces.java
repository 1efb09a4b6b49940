package io.mobula.apps.fft;

import io.mobula.apps.Mailbox;
import io.mobula.pool.MemberLostException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How the pieces of a transpose travel. A frame is at most 64 MiB ({@code TransportOptions.maxFrameSize}), and at
 * 2^24 points on 2 ranks a piece is 64 MB; so a piece over the run's chunk bound
 * ({@link io.mobula.apps.AppSettings#fftChunkBytes()}, 8 MiB by default) is cut into chunks of whole columns,
 * each sent in a call of its own and placed into the receiver's rows as it is taken. A piece within the bound is one
 * chunk, sent in one call, as before. A chunk of columns {@code c0 ..< c1} is {@link Fft#piece} of those columns:
 * cutting copies nothing.
 */
final class FftPieces {
    private static final System.Logger LOG = System.getLogger(FftPieces.class.getName());
    /** Whether the cutting of pieces was logged (once a process, at DEBUG: a normal run writes nothing). */
    private static final AtomicBoolean TOLD = new AtomicBoolean();

    /** A chunk as a receiver keeps it until taken: chunk {@code of} how many the piece has. */
    record Chunk(int of, double[] values) {
    }

    private FftPieces() {
    }

    /** The columns in one chunk of a piece from a rank of {@code rows} rows: as many as fit, at least one. */
    static int columnsPerChunk(int rows, long chunkBytes) {
        long column = 16L * rows; // a complex point of each row
        return rows == 0 ? Integer.MAX_VALUE : (int) Math.max(1, Math.min(Integer.MAX_VALUE, chunkBytes / column));
    }

    /** The chunks, in column order, of the piece of {@code rows} for the rank owning columns {@code qlo ..< qhi}. */
    static double[][] cut(double[][] rows, int qlo, int qhi, long chunkBytes) {
        int per = columnsPerChunk(rows.length, chunkBytes);
        int n = Math.max(1, (int) (((long) qhi - qlo + per - 1) / per));
        double[][] chunks = new double[n][];
        for (int k = 0; k < n; k++) {
            int c0 = qlo + k * per;
            chunks[k] = Fft.piece(rows, c0, (int) Math.min(qhi, (long) c0 + per));
        }
        if (n > 1 && !TOLD.getAndSet(true)) {
            LOG.log(System.Logger.Level.DEBUG, "fft: a piece of {0} bytes travels in {1} calls of at most {2} bytes",
                    16L * rows.length * (qhi - qlo), n, 16L * rows.length * per);
        }
        return chunks;
    }

    /** Places the chunks of a piece from the rank owning rows {@code rlo ..< rhi} into the own transposed rows. */
    static void place(double[][] transposed, double[][] chunks, int rlo, int rhi) {
        int first = 0;
        for (double[] c : chunks) {
            first += Fft.place(transposed, first, c, rlo, rhi);
        }
    }

    /** The mailbox key of chunk {@code chunk} of rank {@code from}'s piece in transpose {@code phase}. */
    static long key(int phase, int size, int from, int chunk) {
        // a chunk holds one column at least, and a rank has at most 2^14 columns (2^28 points)
        return (((long) phase * size + from) << 15) | chunk;
    }

    /** Takes the chunks of rank {@code from}'s piece of transpose {@code phase}, in order. */
    static double[][] take(Mailbox box, int phase, int size, int from) throws MemberLostException {
        Chunk c = (Chunk) box.take(key(phase, size, from, 0), "piece " + phase + " of rank " + from);
        double[][] chunks = new double[c.of()][];
        chunks[0] = c.values();
        for (int k = 1; k < chunks.length; k++) {
            chunks[k] = ((Chunk) box.take(key(phase, size, from, k), "chunk " + k + " of piece " + phase + " of rank "
                    + from)).values();
        }
        return chunks;
    }
}
