package io.mobula.apps.npb;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.gmi.ParameterVector;
import io.mobula.gmi.Personalizer;
import io.mobula.rmi.NonBlocking;

/** A rank's member of the NPB group: a mailbox of what each operation delivered, keyed by operation and sender. */
public class NpbMember extends GroupMember implements NpbGroup {
    final Mailbox box = new Mailbox();

    long key(int step, int from) {
        return (long) step * getSize() + from;
    }

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void sumDoubles(int step, double[] v) {
        box.put(key(step, 0), v);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void sumInts(int step, int[] v) {
        box.put(key(step, 0), v);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void gather(int step, double[] pieces) {
        box.put(key(step, 0), pieces);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void scatter(int step, int from, int[] lengths, int[] pieces) {
        box.put(key(step, from), pieces);
    }

    /** Gives member q the sender's piece q, found by the lengths (without copying the pieces). */
    static final class Pieces extends Personalizer {
        @Override
        public void personalize(ParameterVector in, ParameterVector[] out) {
            int[] lengths = (int[]) in.readObject(2);
            int[] all = (int[]) in.readObject(3);
            if (lengths.length != out.length) {
                throw new IllegalArgumentException(lengths.length + " piece lengths for " + out.length + " members");
            }
            int at = 0;
            for (int q = 0; q < out.length; q++) {
                out[q].write(0, in.readInt(0));
                out[q].write(1, in.readInt(1));
                out[q].write(2, (Object) null);
                out[q].writeSubArray(3, at, lengths[q], all);
                at += lengths[q];
            }
        }
    }
}
