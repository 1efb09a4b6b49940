package io.mobula.apps.leq;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.FlatInvocationCombiner;
import io.mobula.gmi.GroupMember;
import io.mobula.gmi.ParameterVector;
import io.mobula.rmi.NonBlocking;

/** A rank's member: a mailbox of the combined vectors, by iteration. */
public class LeqMember extends GroupMember implements LeqGroup {
    final Mailbox vectors = new Mailbox();

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void put(int it, double[] x, double delta) {
        double[] v = java.util.Arrays.copyOf(x, x.length + 1);
        v[x.length] = delta;
        vectors.put(it, v);
    }

    /** Concatenates the blocks (participants are ranks, so in order) and takes the largest change. */
    static final class Combiner extends FlatInvocationCombiner {
        @Override
        public void combine(ParameterVector[] in, ParameterVector out) {
            int n = 0;
            double delta = 0;
            for (ParameterVector p : in) {
                n += ((double[]) p.readObject(1)).length;
                delta = Math.max(delta, p.readDouble(2));
            }
            double[] x = new double[n];
            int at = 0;
            for (ParameterVector p : in) {
                double[] block = (double[]) p.readObject(1);
                System.arraycopy(block, 0, x, at, block.length);
                at += block.length;
            }
            out.write(0, in[0].readInt(0));
            out.write(1, x);
            out.write(2, delta);
        }
    }
}
