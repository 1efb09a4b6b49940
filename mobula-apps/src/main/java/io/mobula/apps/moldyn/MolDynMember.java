package io.mobula.apps.moldyn;

import io.mobula.apps.Mailbox;
import io.mobula.gmi.GroupMember;
import io.mobula.rmi.NonBlocking;

/** A rank's member: a mailbox of the summed arrays, by step. */
public class MolDynMember extends GroupMember implements MolDynSums {
    final Mailbox sums = new Mailbox();

    @Override
    @NonBlocking // a put into the mailbox: runs where the invocation arrives, no hand-off
    public void put(int step, double[] s) {
        sums.put(step, s);
    }
}
