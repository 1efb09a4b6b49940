package io.mobula.apps.fft;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.Personalizer;

/** A rank's member: a mailbox of pieces, keyed by transpose and sender. */
public class FftMember extends GroupMember implements FftGroup {
    final Mailbox pieces = new Mailbox();

    @Override
    public void put(int phase, int from, double[] piece) {
        pieces.put((long) phase * getSize() + from, piece);
    }

    /** Gives member q its slice of the sender's pieces, laid end to end (without copying them). */
    static final class Slices extends Personalizer {
        private final int[] offsets;

        /** Slices of the given lengths, in member order. */
        Slices(int[] lengths) {
            offsets = new int[lengths.length + 1];
            for (int q = 0; q < lengths.length; q++) {
                offsets[q + 1] = offsets[q] + lengths[q];
            }
        }

        @Override
        public void personalize(ParameterVector in, ParameterVector[] out) {
            double[] all = (double[]) in.readObject(2);
            for (int q = 0; q < out.length; q++) {
                out[q].write(0, in.readInt(0));
                out[q].write(1, in.readInt(1));
                out[q].writeSubArray(2, offsets[q], offsets[q + 1] - offsets[q], all);
            }
        }
    }
}
