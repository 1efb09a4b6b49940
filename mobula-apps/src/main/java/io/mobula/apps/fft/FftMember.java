package io.mobula.apps.fft;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.Personalizer;

/** A rank's member: a mailbox of pieces, keyed by transpose, sender and chunk. */
public class FftMember extends GroupMember implements FftGroup {
    final Mailbox pieces = new Mailbox();

    @Override
    public void put(int phase, int from, int chunk, int chunks, double[] piece) {
        if (chunk < chunks) {
            pieces.put(FftPieces.key(phase, getSize(), from, chunk), new FftPieces.Chunk(chunks, piece));
        }
    }

    /**
     * Gives member q chunk k (the invocation's {@code chunk}) of its slice of the sender's pieces, laid end to end
     * (without copying them): {@code chunk} doubles at most, the last chunk shorter, nothing once the slice is done.
     */
    static final class Slices extends Personalizer {
        private final int[] offsets;
        private final int[] lengths;
        private final long chunk;

        /** Slices of the given lengths, in member order, cut into chunks of {@code chunk} doubles (0: not cut). */
        Slices(int[] lengths, long chunk) {
            this.lengths = lengths.clone();
            this.chunk = chunk;
            offsets = new int[lengths.length + 1];
            for (int q = 0; q < lengths.length; q++) {
                offsets[q + 1] = offsets[q] + lengths[q];
            }
        }

        /** The number of chunks of member q's slice. */
        int chunks(int q) {
            return chunk == 0 ? 1 : (int) Math.max(1, (lengths[q] + chunk - 1) / chunk);
        }

        /** The number of invocations a transpose of rank {@code from} takes: the most chunks of another's slice. */
        int invocations(int from) {
            int n = 1;
            for (int q = 0; q < lengths.length; q++) {
                n = q == from ? n : Math.max(n, chunks(q));
            }
            return n;
        }

        @Override
        public void personalize(ParameterVector in, ParameterVector[] out) {
            int from = in.readInt(1);
            int k = in.readInt(2);
            double[] all = (double[]) in.readObject(4);
            for (int q = 0; q < out.length; q++) {
                long start = chunk == 0 ? 0 : Math.min((long) k * chunk, lengths[q]);
                long end = chunk == 0 ? lengths[q] : Math.min(start + chunk, lengths[q]);
                out[q].write(0, in.readInt(0));
                out[q].write(1, from);
                out[q].write(2, k);
                out[q].write(3, q == from ? 0 : chunks(q)); // the sender keeps its own piece
                out[q].writeSubArray(4, offsets[q] + (int) start, (int) (end - start), all);
            }
        }
    }
}
