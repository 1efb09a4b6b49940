package io.mobula.apps.qr;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.BinomialInvocationCombiner;
import io.mobula.gmi.GroupMember;
import io.mobula.gmi.ParameterVector;
import io.mobula.rmi.NonBlocking;

/** A rank's member: mailboxes of the reduced candidates and of H, by step. */
public class QrMember extends GroupMember implements QrGroup {
    final Mailbox pivots = new Mailbox();
    final Mailbox hs = new Mailbox();

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void pivot(int j, double[] candidate) {
        pivots.put(j, candidate);
    }

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void putH(int j, double[] h) {
        hs.put(j, h);
    }

    /** Keeps the better of two candidates (larger norm, then lower column): associative and commutative. */
    static final class Best extends BinomialInvocationCombiner {
        private static final long serialVersionUID = 1L;

        @Override
        public void combine(ParameterVector in1, ParameterVector in2, ParameterVector out) {
            double[] a = (double[]) in1.readObject(1);
            double[] b = (double[]) in2.readObject(1);
            out.write(0, in1.readInt(0));
            out.write(1, Qr.better(b, a) ? b : a);
        }
    }
}
